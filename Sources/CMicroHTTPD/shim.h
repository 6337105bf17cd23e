#ifndef NOTCHWAVE_CMICROHTTPD_SHIM_H
#define NOTCHWAVE_CMICROHTTPD_SHIM_H
// libmicrohttpd for notchwave studio. MHD_start_daemon takes its options as C varargs,
// which Swift cannot call: `nw_mhd_start` passes the ones the studio sets, and nothing
// else here does more than forward.
#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/select.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// Starts a daemon with one thread per connection (which lets a server-sent-events
/// response block between events), bound to `address`, with these bounds: at most
/// `connection_limit` connections, `timeout_seconds` of inactivity before a connection
/// is closed, `memory_limit` bytes per connection for its request (headers beyond it
/// are refused with 431), `accept` deciding each incoming client.
static inline struct MHD_Daemon *nw_mhd_start(unsigned int flags, const struct sockaddr *address,
                                              MHD_AcceptPolicyCallback accept, void *accept_context,
                                              MHD_AccessHandlerCallback handler, void *context,
                                              MHD_RequestCompletedCallback completed,
                                              unsigned int connection_limit, unsigned int timeout_seconds,
                                              size_t memory_limit) {
    return MHD_start_daemon(flags, 0, accept, accept_context, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, (void *)0,
                            MHD_OPTION_END);
}

/// libmicrohttpd copies the body of a response made with this mode.
static const enum MHD_ResponseMemoryMode nw_mhd_must_copy = MHD_RESPMEM_MUST_COPY;

/// The port a daemon listens on (0 when it cannot say).
static inline uint16_t nw_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The value of header `name` of the request on `connection`, or NULL.
static inline const char *nw_mhd_header(struct MHD_Connection *connection, const char *name) {
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

/// The value of query argument `name`, or NULL.
static inline const char *nw_mhd_argument(struct MHD_Connection *connection, const char *name) {
    return MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, name);
}
#endif
