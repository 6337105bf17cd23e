/*
 * The peer of `notchwave bench`: Cairo (Debian's libcairo2, image surfaces, its default
 * antialiasing) drawing the frames notchwave's benchmark draws, written by
 * `notchwave bench --peer-scenes DIR` (format: Sources/NotchwavePipeline/Benchmark/
 * PeerScenes.swift). One thread, like notchwave's figures it is compared with.
 *
 *   cairo_peer FILE SECONDS   prints "frames_per_second" for FILE's frames, rendered in
 *                             turn into one surface of the canvas size, clipped to the
 *                             file's rows.
 *   cairo_peer FILE --frames N
 *                             renders N frames untimed, for a profiler (each through
 *                             render_frame, which `valgrind --toggle-collect` names).
 *   cairo_peer FILE SECONDS floor
 *                             prints the floor for the same frames: Cairo renders each
 *                             frame once, its rows are cut into runs of equal pixels, and
 *                             those runs are written into a surface of the same size in
 *                             turn, timed (runs of 16 or more with wmemset, as notchwave
 *                             fills its runs; shorter ones pixel by pixel). No coverage,
 *                             no blending: what any renderer that writes each finished
 *                             pixel once costs at the least.
 *
 * Built only by `make bench-peers` and `make bench-instructions`; never linked into
 * notchwave.
 */
#include <cairo.h>
#include <stdint.h>
#include <wchar.h>

#include "scene_file.h"

static void source(cairo_t *cr, const double *c) {
    cairo_set_source_rgba(cr, c[0] / 255, c[1] / 255, c[2] / 255, c[3] / 255);
}

/* Renders one frame: the ops from the FRAME at `start` to the next. (Not static and not
   inlined: callgrind's --toggle-collect names it.) */
__attribute__((noinline)) void render_frame(cairo_t *cr, size_t start) {
    double last[2] = {0, 0};
    for (size_t k = start + 1; k < count && ops[k].kind != FRAME; k++) {
        struct op *o = &ops[k];
        switch (o->kind) {
        case BASE:
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
            source(cr, o->v);
            cairo_paint(cr);
            break;
        case FILL:
        case STROKE:
            cairo_new_path(cr);
            break;
        case MOVE: cairo_move_to(cr, o->v[0], o->v[1]); last[0] = o->v[0]; last[1] = o->v[1]; break;
        case LINE: cairo_line_to(cr, o->v[0], o->v[1]); last[0] = o->v[0]; last[1] = o->v[1]; break;
        case QUAD: {
            double x0 = last[0], y0 = last[1];
            cairo_curve_to(cr, x0 + 2.0 / 3 * (o->v[0] - x0), y0 + 2.0 / 3 * (o->v[1] - y0),
                           o->v[2] + 2.0 / 3 * (o->v[0] - o->v[2]), o->v[3] + 2.0 / 3 * (o->v[1] - o->v[3]), o->v[2], o->v[3]);
            last[0] = o->v[2]; last[1] = o->v[3];
            break;
        }
        case CUBIC: cairo_curve_to(cr, o->v[0], o->v[1], o->v[2], o->v[3], o->v[4], o->v[5]); last[0] = o->v[4]; last[1] = o->v[5]; break;
        case ARC:
            if (o->i) cairo_arc(cr, o->v[0], o->v[1], o->v[2], o->v[3], o->v[4]);
            else cairo_arc_negative(cr, o->v[0], o->v[1], o->v[2], o->v[3], o->v[4]);
            cairo_get_current_point(cr, &last[0], &last[1]);
            break;
        case CLOSE: cairo_close_path(cr); break;
        case END: {
            /* The FILL or STROKE that opened this path. */
            size_t open = k;
            while (ops[open].kind != FILL && ops[open].kind != STROKE) open--;
            struct op *p = &ops[open];
            source(cr, p->v);
            if (p->kind == FILL) {
                cairo_set_operator(cr, p->i == 1 ? CAIRO_OPERATOR_SOURCE : p->i == 2 ? CAIRO_OPERATOR_DEST_OUT : CAIRO_OPERATOR_OVER);
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
                cairo_fill(cr);
            } else {
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
                cairo_set_line_width(cr, p->v[4]);
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
                cairo_stroke(cr);
            }
            break;
        }
        default: break;
        }
    }
}

/* One run of equal pixels of a finished row. */
struct run { uint32_t x, n, pixel; };

/* The floor: writes the recorded runs of the frames in turn for `seconds`. */
static double replay(const struct run *runs, const size_t *rowStart, int frameCount, int rowCount,
                     uint32_t *dst, size_t stridePixels, int y0, double seconds) {
    long written = 0;
    double start = now(), elapsed = 0;
    do {
        const size_t *rows = rowStart + (size_t)(written % frameCount) * rowCount;
        for (int r = 0; r < rowCount; r++) {
            uint32_t *row = dst + (size_t)(y0 + r) * stridePixels;
            for (size_t k = rows[r]; k < rows[r + 1]; k++) {
                const struct run *u = &runs[k];
                if (u->n >= 16) wmemset((wchar_t *)(row + u->x), (wchar_t)u->pixel, u->n);
                else for (uint32_t i = 0; i < u->n; i++) row[u->x + i] = u->pixel;
            }
        }
        written++;
        elapsed = now() - start;
    } while (elapsed < seconds);
    return written / elapsed;
}

int main(int argc, char **argv) {
    int framesMode = argc == 4 && !strcmp(argv[2], "--frames");
    int floorMode = argc == 4 && !framesMode && !strcmp(argv[3], "floor");
    long n = framesMode ? positive_count(argv[3]) : 0;
    double seconds = framesMode ? 0 : argc >= 3 ? positive_seconds(argv[2]) : -1;
    if ((argc != 3 && !floorMode && !framesMode) || n < 0 || seconds < 0) {
        fprintf(stderr, "usage: %s FILE SECONDS [floor] | FILE --frames N (SECONDS, N: positive)\n", argv[0]);
        return 64;
    }
    if (read_scene(argv[1])) return 1;

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    cairo_rectangle(cr, 0, firstRow, width, endRow - firstRow);
    cairo_clip(cr);
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
    if (floorMode) {
        /* Each frame rendered once, its rows cut into runs (rowStart: per frame and row,
           the first run; one entry more closes the last row). */
        int rowCount = endRow - firstRow;
        size_t runCount = 0, runCapacity = 1 << 16;
        struct run *runs = malloc(runCapacity * sizeof *runs);
        size_t *rowStart = malloc(((size_t)frameCount * rowCount + 1) * sizeof *rowStart);
        if (!runs || !rowStart) { perror("malloc"); return 1; }
        int stride = cairo_image_surface_get_stride(surface) / 4;
        for (int f = 0; f < frameCount; f++) {
            render_frame(cr, frames[f]);
            cairo_surface_flush(surface);
            const uint32_t *data = (const uint32_t *)cairo_image_surface_get_data(surface);
            for (int r = 0; r < rowCount; r++) {
                rowStart[(size_t)f * rowCount + r] = runCount;
                const uint32_t *row = data + (size_t)(firstRow + r) * stride;
                for (int x = 0; x < width;) {
                    int n = 1;
                    while (x + n < width && row[x + n] == row[x]) n++;
                    if (runCount == runCapacity) {
                        runCapacity *= 2;
                        runs = realloc(runs, runCapacity * sizeof *runs);
                        if (!runs) { perror("realloc"); return 1; }
                    }
                    runs[runCount++] = (struct run){ (uint32_t)x, (uint32_t)n, row[x] };
                    x += n;
                }
            }
        }
        rowStart[(size_t)frameCount * rowCount] = runCount;
        cairo_surface_t *target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
        uint32_t *dst = (uint32_t *)cairo_image_surface_get_data(target);
        replay(runs, rowStart, frameCount, rowCount, dst, stride, firstRow, 0.1);
        printf("%.1f\n", replay(runs, rowStart, frameCount, rowCount, dst, stride, firstRow, seconds));
        cairo_surface_destroy(target);
        free(runs);
        free(rowStart);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        free(ops);
        return 0;
    }
    if (framesMode) {
        for (long k = 0; k < n; k++) render_frame(cr, frames[k % frameCount]);
        cairo_surface_flush(surface);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        free(ops);
        return 0;
    }
    for (int i = 0; i < 3; i++) render_frame(cr, frames[i % frameCount]);
    cairo_surface_flush(surface);
    long rendered = 0;
    double start = now(), elapsed = 0;
    do {
        for (int i = 0; i < 4; i++) { render_frame(cr, frames[rendered % frameCount]); rendered++; }
        cairo_surface_flush(surface);
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("%.1f\n", rendered / elapsed);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    free(ops);
    return 0;
}
