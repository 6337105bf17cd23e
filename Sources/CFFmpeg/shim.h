/*
 * The FFmpeg headers notchwave uses, plus small inline helpers for the macros
 * that Swift cannot import (function-like macros such as AVERROR).
 */
#ifndef NOTCHWAVE_CFFMPEG_SHIM_H
#define NOTCHWAVE_CFFMPEG_SHIM_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/log.h>
#include <libavutil/display.h>
#include <libavutil/sha.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/// glibc's `cookie_io_functions_t`, which stdio.h declares only under _GNU_SOURCE (the
/// same four function pointers, in the same order).
typedef struct {
    ssize_t (*read)(void *cookie, char *buffer, size_t size);
    ssize_t (*write)(void *cookie, const char *buffer, size_t size);
    int (*seek)(void *cookie, long *position, int whence);
    int (*close)(void *cookie);
} nw_cookie_functions;
/// glibc's fopencookie (a GNU extension, declared here for the reason above).
extern FILE *fopencookie(void *cookie, const char *mode, nw_cookie_functions functions);

/// This thread's depth inside the stderr filter (LibraryMessages.swift), so that a report
/// written while the filter runs goes straight to descriptor 2 instead of re-entering it.
static inline int *nw_stderr_filter_depth(void) {
    static __thread int depth;
    return &depth;
}

/// Points C's stderr stream at an unbuffered stream whose every write goes to `write`
/// (see LibraryMessages.swift); once, before any thread runs. False when the stream
/// cannot be made (stderr is then left as it is).
static inline int nw_filter_stderr(ssize_t (*write)(void *cookie, const char *buffer, size_t size)) {
    nw_cookie_functions functions = { NULL, write, NULL, NULL };
    FILE *stream = fopencookie(NULL, "w", functions);
    if (stream == NULL) return 0;
    setvbuf(stream, NULL, _IONBF, 0);
    stderr = stream;
    return 1;
}
/// AVERROR(ENOMEM): out of memory.
static inline int nw_averror_enomem(void) { return AVERROR(ENOMEM); }

/// AVERROR_EXTERNAL: "Generic error in an external library".
static inline int nw_averror_external(void) { return AVERROR_EXTERNAL; }
/// AVERROR_EXIT: an interrupt callback stopped the call.
static inline int nw_averror_exit(void) { return AVERROR_EXIT; }
/// AVERROR(EAGAIN): "try again", a result rather than an error.
static inline int nw_averror_eagain(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: end of stream.
static inline int nw_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR_INVALIDDATA: damaged input.
static inline int nw_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
/// AV_NOPTS_VALUE as a plain value.
static inline int64_t nw_nopts_value(void) { return AV_NOPTS_VALUE; }
/// The error text FFmpeg gives for a return code.
static inline void nw_error_string(int code, char *buffer, size_t size) {
    av_strerror(code, buffer, size);
}

/// The last error FFmpeg logged on this thread (empty when none since the last clear).
static inline char *nw_last_log_error_buffer(void) {
    static __thread char buffer[512];
    return buffer;
}

/// The log callback: nothing is printed (FFmpeg's own lines would spill several raw lines
/// onto stderr for an error the tool reports itself); the last error-level line of each
/// thread is kept, "encoder: message", for the error the failing call then raises.
static inline void nw_log_callback(void *object, int level, const char *format, va_list arguments) {
    if (level > AV_LOG_ERROR || format == NULL) return;
    char *buffer = nw_last_log_error_buffer();
    const char *name = NULL;
    if (object != NULL) {
        const AVClass *class = *(const AVClass **)object;
        if (class != NULL && class->item_name != NULL) name = class->item_name(object);
    }
    char message[400];
    vsnprintf(message, sizeof message, format, arguments);
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == ' ')) message[--length] = 0;
    if (length == 0) return;
    snprintf(buffer, 512, "%s%s%s", name ? name : "", name ? ": " : "", message);
}

/// Routes FFmpeg's log through `nw_log_callback`.
static inline void nw_install_log_callback(void) { av_log_set_callback(nw_log_callback); }

/// Copies this thread's last logged error into `buffer` and clears it.
static inline void nw_take_last_log_error(char *buffer, size_t size) {
    char *last = nw_last_log_error_buffer();
    snprintf(buffer, size, "%s", last);
    last[0] = 0;
}

#endif
