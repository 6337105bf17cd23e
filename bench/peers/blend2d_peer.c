/*
 * The Blend2D peer of `notchwave bench`: Blend2D, built from the source that PyPI's
 * blend2d-python sdist carries (by `scripts/ensure-deps.sh peers`, into .build/peers),
 * drawing the frames notchwave's benchmark draws, written by
 * `notchwave bench --peer-scenes DIR`. One thread (a synchronous context), like
 * notchwave's figures it is compared with.
 *
 *   blend2d_peer [--no-jit] FILE SECONDS
 *                     prints frames per second for FILE's frames, rendered in turn into
 *                     one PRGB32 image of the canvas size, clipped to the file's rows.
 *                     With --no-jit the context is created with
 *                     BL_CONTEXT_CREATE_FLAG_DISABLE_JIT: Blend2D's reference pipelines
 *                     instead of the fill pipelines its JIT compiles for this CPU.
 *   blend2d_peer [--no-jit] FILE --frames N
 *                     renders N frames untimed, for a profiler: every frame goes through
 *                     render_frame, which `valgrind --toggle-collect=render_frame` counts.
 *   blend2d_peer [--no-jit] FILE --hashes N
 *                     renders N frames and prints, after each, a hash (64-bit FNV-1a) of
 *                     the clipped rows' bytes: `make bench-peers` compares the JIT's
 *                     frames with the reference pipelines' this way.
 *   blend2d_peer --version
 *                     prints Blend2D's version.
 *
 * The paths are built once, before timing, as notchwave's draw lists are built before
 * its benchmark rasterizes them; each frame then fills the base and fills or strokes
 * every path, as cairo_peer does. Built only by `make bench-peers` and
 * `make bench-instructions`; never linked into notchwave.
 */
#include <blend2d.h>
#include <math.h>
#include <stdint.h>

#include "scene_file.h"

/* One fill or stroke of a frame, its path built. */
struct command {
    int stroke;
    BLCompOp compOp;
    BLRgba colour;
    double width;
    BLPathCore path;
};

static struct command *commands;
static size_t commandCount;
/* Per frame: its base colour and its commands' range. */
static BLRgba bases[MAX_FRAMES];
static size_t firstCommand[MAX_FRAMES + 1];

static BLRgba colour(const double *c) {
    BLRgba rgba = { c[0] / 255, c[1] / 255, c[2] / 255, c[3] / 255 };
    return rgba;
}

/* The operations of every frame turned into commands with built paths. */
static void build(void) {
    commands = calloc(count ? count : 1, sizeof *commands);
    if (!commands) { perror("calloc"); exit(1); }
    for (int f = 0; f < frameCount; f++) {
        size_t end = f + 1 < frameCount ? frames[f + 1] : count;
        BLRgba white = { 1, 1, 1, 1 };
        bases[f] = white;
        firstCommand[f] = commandCount;
        struct command *current = NULL;
        for (size_t k = frames[f] + 1; k < end; k++) {
            const struct op *o = &ops[k];
            switch (o->kind) {
            case BASE: bases[f] = colour(o->v); break;
            case FILL:
            case STROKE:
                current = &commands[commandCount++];
                current->stroke = o->kind == STROKE;
                current->compOp = o->kind == STROKE ? BL_COMP_OP_SRC_OVER
                    : o->i == 1 ? BL_COMP_OP_SRC_COPY : o->i == 2 ? BL_COMP_OP_DST_OUT : BL_COMP_OP_SRC_OVER;
                current->colour = colour(o->v);
                current->width = o->v[4];
                blPathInit(&current->path);
                break;
            case MOVE: if (current) blPathMoveTo(&current->path, o->v[0], o->v[1]); break;
            case LINE: if (current) blPathLineTo(&current->path, o->v[0], o->v[1]); break;
            case QUAD: if (current) blPathQuadTo(&current->path, o->v[0], o->v[1], o->v[2], o->v[3]); break;
            case CUBIC: if (current) blPathCubicTo(&current->path, o->v[0], o->v[1], o->v[2], o->v[3], o->v[4], o->v[5]); break;
            case ARC: {
                if (!current) break;
                /* Cairo's arc (increasing angles: the end angle moved up by whole turns
                   until it is not below the start) and arc_negative (down), as a sweep. */
                double a1 = o->v[3], sweep = o->v[4] - o->v[3];
                if (o->i && sweep < 0) { sweep = fmod(sweep, 2 * M_PI); if (sweep < 0) sweep += 2 * M_PI; }
                if (!o->i && sweep > 0) { sweep = fmod(sweep, 2 * M_PI); if (sweep > 0) sweep -= 2 * M_PI; }
                blPathArcTo(&current->path, o->v[0], o->v[1], o->v[2], o->v[2], a1, sweep, false);
                break;
            }
            case CLOSE: if (current) blPathClose(&current->path); break;
            case END: current = NULL; break;
            default: break;
            }
        }
    }
    firstCommand[frameCount] = commandCount;
}

/* Frame f: the base copied over the clip, then every command. (Not static and not
   inlined: callgrind's --toggle-collect names it.) */
__attribute__((noinline)) void render_frame(BLContextCore *ctx, int f) {
    static const BLPoint origin = { 0, 0 };
    blContextSetCompOp(ctx, BL_COMP_OP_SRC_COPY);
    blContextSetFillStyleRgba(ctx, &bases[f]);
    blContextFillAll(ctx);
    for (size_t c = firstCommand[f]; c < firstCommand[f + 1]; c++) {
        const struct command *m = &commands[c];
        blContextSetCompOp(ctx, m->compOp);
        if (m->stroke) {
            blContextSetStrokeStyleRgba(ctx, &m->colour);
            blContextSetStrokeWidth(ctx, m->width);
            blContextStrokePathD(ctx, &origin, &m->path);
        } else {
            blContextSetFillStyleRgba(ctx, &m->colour);
            blContextFillPathD(ctx, &origin, &m->path);
        }
    }
}

int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        BLRuntimeBuildInfo info;
        if (blRuntimeQueryInfo(BL_RUNTIME_INFO_TYPE_BUILD, &info) != BL_SUCCESS) { fprintf(stderr, "blend2d: no build info\n"); return 1; }
        printf("%u.%u.%u\n", info.majorVersion, info.minorVersion, info.patchVersion);
        return 0;
    }
    int noJIT = argc > 1 && !strcmp(argv[1], "--no-jit");
    char **args = argv + noJIT;
    int argCount = argc - noJIT;
    long n = -1;
    double seconds = -1;
    int hashes = 0;
    if (argCount == 3) {
        seconds = positive_seconds(args[2]);
    } else if (argCount == 4 && (!strcmp(args[2], "--frames") || !strcmp(args[2], "--hashes"))) {
        hashes = !strcmp(args[2], "--hashes");
        n = positive_count(args[3]);
    }
    if (n < 0 && seconds < 0) {
        fprintf(stderr, "usage: %s [--no-jit] FILE SECONDS|--frames N|--hashes N, or --version (SECONDS, N: positive)\n", argv[0]);
        return 64;
    }
    if (read_scene(args[1])) return 1;
    build();

    BLImageCore image;
    if (blImageInitAs(&image, width, height, BL_FORMAT_PRGB32) != BL_SUCCESS) { fprintf(stderr, "blend2d: cannot create the image\n"); return 1; }
    BLContextCreateInfo info;
    memset(&info, 0, sizeof info);
    info.flags = noJIT ? BL_CONTEXT_CREATE_FLAG_DISABLE_JIT : 0;
    BLContextCore ctx;
    if (blContextInitAs(&ctx, &image, &info) != BL_SUCCESS) { fprintf(stderr, "blend2d: cannot create the context\n"); return 1; }
    BLRect clip = { 0, firstRow, width, endRow - firstRow };
    blContextClipToRectD(&ctx, &clip);
    blContextSetFillRule(&ctx, BL_FILL_RULE_NON_ZERO);
    blContextSetStrokeCaps(&ctx, BL_STROKE_CAP_BUTT);
    /* Cairo's joins: miters up to a limit of 10, bevels beyond. */
    blContextSetStrokeJoin(&ctx, BL_STROKE_JOIN_MITER_BEVEL);
    blContextSetStrokeMiterLimit(&ctx, 10);

    if (n > 0) {
        for (long k = 0; k < n; k++) {
            render_frame(&ctx, (int)(k % frameCount));
            if (hashes) {
                blContextFlush(&ctx, BL_CONTEXT_FLUSH_SYNC);
                BLImageData data;
                if (blImageGetData(&image, &data) != BL_SUCCESS) { fprintf(stderr, "blend2d: no image data\n"); return 1; }
                uint64_t hash = 14695981039346656037ull;
                for (int y = firstRow; y < endRow; y++) {
                    const uint8_t *row = (const uint8_t *)data.pixelData + (intptr_t)y * data.stride;
                    for (int b = 0; b < 4 * width; b++) hash = (hash ^ row[b]) * 1099511628211ull;
                }
                printf("%016llx\n", (unsigned long long)hash);
            }
        }
        blContextFlush(&ctx, BL_CONTEXT_FLUSH_SYNC);
    } else {
        for (int k = 0; k < 3; k++) render_frame(&ctx, k % frameCount);
        blContextFlush(&ctx, BL_CONTEXT_FLUSH_SYNC);
        long rendered = 0;
        double start = now(), elapsed = 0;
        do {
            for (int k = 0; k < 4; k++) { render_frame(&ctx, (int)(rendered % frameCount)); rendered++; }
            blContextFlush(&ctx, BL_CONTEXT_FLUSH_SYNC);
            elapsed = now() - start;
        } while (elapsed < seconds);
        printf("%.1f\n", rendered / elapsed);
    }
    blContextDestroy(&ctx);
    blImageDestroy(&image);
    for (size_t c = 0; c < commandCount; c++) blPathDestroy(&commands[c].path);
    free(commands);
    free(ops);
    return 0;
}
