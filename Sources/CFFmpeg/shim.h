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

#endif
