/*
 * The peer of `notchwave bench`: Cairo (Debian's libcairo2, image surfaces, its default
 * antialiasing) drawing the frames notchwave's benchmark draws, written by
 * `notchwave bench --peer-scenes DIR` (format: Sources/NotchwavePipeline/Benchmark/
 * PeerScenes.swift). One thread, like notchwave's figures it is compared with.
 *
 *   cairo_peer FILE SECONDS   prints "frames_per_second" for FILE's frames, rendered in
 *                             turn into one surface of the canvas size, clipped to the
 *                             file's rows.
 *   cairo_peer FILE SECONDS floor
 *                             prints the floor for the same frames: Cairo renders each
 *                             frame once, its rows are cut into runs of equal pixels, and
 *                             those runs are written into a surface of the same size in
 *                             turn, timed (runs of 16 or more with wmemset, as notchwave
 *                             fills its runs; shorter ones pixel by pixel). No coverage,
 *                             no blending: what any renderer that writes each finished
 *                             pixel once costs at the least.
 *
 * Built only by `make bench-peers`; never linked into notchwave.
 */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>
#include <stdint.h>

enum kind { BASE, FILL, STROKE, MOVE, LINE, QUAD, CUBIC, ARC, CLOSE, END, FRAME };
struct op { enum kind kind; double v[7]; int i; };

static struct op *ops;
static size_t count, capacity;

static struct op *push(enum kind kind) {
    if (count == capacity) {
        capacity = capacity ? capacity * 2 : 4096;
        ops = realloc(ops, capacity * sizeof *ops);
        if (!ops) { perror("realloc"); exit(1); }
    }
    memset(&ops[count], 0, sizeof *ops);
    ops[count].kind = kind;
    return &ops[count++];
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void source(cairo_t *cr, const double *c) {
    cairo_set_source_rgba(cr, c[0] / 255, c[1] / 255, c[2] / 255, c[3] / 255);
}

/* Renders frame f: the ops from the f-th FRAME to the next. */
static void render(cairo_t *cr, size_t start) {
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
    int floorMode = argc == 4 && !strcmp(argv[3], "floor");
    if (argc != 3 && !floorMode) { fprintf(stderr, "usage: %s FILE SECONDS [floor]\n", argv[0]); return 64; }
    FILE *in = fopen(argv[1], "r");
    if (!in) { perror(argv[1]); return 1; }
    int width = 0, height = 0, y0 = 0, y1 = 0;
    if (fscanf(in, " canvas %d %d rows %d %d", &width, &height, &y0, &y1) != 4 || width <= 0 || height <= 0) {
        fprintf(stderr, "%s: no canvas/rows header\n", argv[1]);
        return 1;
    }
    size_t frames[4096];
    int frameCount = 0;
    char word[16];
    while (fscanf(in, " %15s", word) == 1) {
        struct op *o;
        if (!strcmp(word, "frame")) { if (frameCount < 4096) frames[frameCount++] = count; push(FRAME); }
        else if (!strcmp(word, "base")) { o = push(BASE); if (fscanf(in, "%lf %lf %lf %lf", &o->v[0], &o->v[1], &o->v[2], &o->v[3]) != 4) goto bad; }
        else if (!strcmp(word, "fill")) {
            char opname[16];
            o = push(FILL);
            if (fscanf(in, "%lf %lf %lf %lf %15s", &o->v[0], &o->v[1], &o->v[2], &o->v[3], opname) != 5) goto bad;
            o->i = !strcmp(opname, "source") ? 1 : !strcmp(opname, "dest_out") ? 2 : 0;
        }
        else if (!strcmp(word, "stroke")) { o = push(STROKE); if (fscanf(in, "%lf %lf %lf %lf %lf", &o->v[0], &o->v[1], &o->v[2], &o->v[3], &o->v[4]) != 5) goto bad; }
        else if (!strcmp(word, "M")) { o = push(MOVE); if (fscanf(in, "%lf %lf", &o->v[0], &o->v[1]) != 2) goto bad; }
        else if (!strcmp(word, "L")) { o = push(LINE); if (fscanf(in, "%lf %lf", &o->v[0], &o->v[1]) != 2) goto bad; }
        else if (!strcmp(word, "Q")) { o = push(QUAD); if (fscanf(in, "%lf %lf %lf %lf", &o->v[0], &o->v[1], &o->v[2], &o->v[3]) != 4) goto bad; }
        else if (!strcmp(word, "C")) { o = push(CUBIC); if (fscanf(in, "%lf %lf %lf %lf %lf %lf", &o->v[0], &o->v[1], &o->v[2], &o->v[3], &o->v[4], &o->v[5]) != 6) goto bad; }
        else if (!strcmp(word, "A")) { o = push(ARC); if (fscanf(in, "%lf %lf %lf %lf %lf %d", &o->v[0], &o->v[1], &o->v[2], &o->v[3], &o->v[4], &o->i) != 6) goto bad; }
        else if (!strcmp(word, "Z")) push(CLOSE);
        else if (!strcmp(word, "end")) push(END);
        else goto bad;
    }
    fclose(in);
    if (frameCount == 0) { fprintf(stderr, "%s: no frames\n", argv[1]); return 1; }

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    cairo_rectangle(cr, 0, y0, width, y1 - y0);
    cairo_clip(cr);
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
    double seconds = atof(argv[2]);
    if (floorMode) {
        /* Each frame rendered once, its rows cut into runs (rowStart: per frame and row,
           the first run; one entry more closes the last row). */
        int rowCount = y1 - y0;
        if (y0 < 0 || y1 > height || rowCount <= 0) { fprintf(stderr, "%s: bad rows\n", argv[1]); return 1; }
        size_t runCount = 0, runCapacity = 1 << 16;
        struct run *runs = malloc(runCapacity * sizeof *runs);
        size_t *rowStart = malloc(((size_t)frameCount * rowCount + 1) * sizeof *rowStart);
        if (!runs || !rowStart) { perror("malloc"); return 1; }
        int stride = cairo_image_surface_get_stride(surface) / 4;
        for (int f = 0; f < frameCount; f++) {
            render(cr, frames[f]);
            cairo_surface_flush(surface);
            const uint32_t *data = (const uint32_t *)cairo_image_surface_get_data(surface);
            for (int r = 0; r < rowCount; r++) {
                rowStart[(size_t)f * rowCount + r] = runCount;
                const uint32_t *row = data + (size_t)(y0 + r) * stride;
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
        replay(runs, rowStart, frameCount, rowCount, dst, stride, y0, 0.1);
        printf("%.1f\n", replay(runs, rowStart, frameCount, rowCount, dst, stride, y0, seconds));
        cairo_surface_destroy(target);
        free(runs);
        free(rowStart);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        free(ops);
        return 0;
    }
    for (int i = 0; i < 3; i++) render(cr, frames[i % frameCount]);
    cairo_surface_flush(surface);
    long rendered = 0;
    double start = now(), elapsed = 0;
    do {
        for (int i = 0; i < 4; i++) { render(cr, frames[rendered % frameCount]); rendered++; }
        cairo_surface_flush(surface);
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("%.1f\n", rendered / elapsed);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    free(ops);
    return 0;
bad:
    fprintf(stderr, "%s: cannot read '%s'\n", argv[1], word);
    return 1;
}
