/*
 * The peers' reader of the frames `notchwave bench --peer-scenes DIR` writes (format:
 * Sources/NotchwavePipeline/Benchmark/PeerScenes.swift), shared by cairo_peer.c and
 * blend2d_peer.c: the whole file is read into one list of operations before anything is
 * timed. Built only by `make bench-peers` and `make bench-instructions`; never linked
 * into notchwave.
 */
#ifndef NOTCHWAVE_PEER_SCENE_FILE_H
#define NOTCHWAVE_PEER_SCENE_FILE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum kind { BASE, FILL, STROKE, MOVE, LINE, QUAD, CUBIC, ARC, CLOSE, END, FRAME };
/* One line of the file: a colour and an operator (i: 0 over, 1 source, 2 dest_out) for
   FILL, a colour and a width (v[4]) for STROKE, coordinates for path lines, the arc's
   direction in i (1: increasing angles). */
struct op { enum kind kind; double v[7]; int i; };

#define MAX_FRAMES 4096

/* The file: canvas size, the rows to render [firstRow, endRow), the operations, and
   where each frame starts. */
static struct op *ops;
static size_t count, capacity;
static size_t frames[MAX_FRAMES];
static int frameCount;
static int width, height, firstRow, endRow;

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

/* A positive whole number or a positive number of seconds from an argument, or -1. */
static long positive_count(const char *text) {
    char *end;
    long n = strtol(text, &end, 10);
    return *text && !*end && n > 0 ? n : -1;
}

static double positive_seconds(const char *text) {
    char *end;
    double v = strtod(text, &end);
    return *text && !*end && v > 0 && v < 1e6 ? v : -1;
}

/* Reads `path` into the globals above; on failure prints one line and returns 1. */
static int read_scene(const char *path) {
    FILE *in = fopen(path, "r");
    if (!in) { perror(path); return 1; }
    if (fscanf(in, " canvas %d %d rows %d %d", &width, &height, &firstRow, &endRow) != 4 || width <= 0 || height <= 0) {
        fprintf(stderr, "%s: no canvas/rows header\n", path);
        fclose(in);
        return 1;
    }
    char word[16];
    int open = 0; /* inside a fill or stroke, until its `end` */
    while (fscanf(in, " %15s", word) == 1) {
        struct op *o;
        int ok = 1;
        int pathLine = strlen(word) == 1 && strchr("MLQCAZ", word[0]);
        if (!strcmp(word, "base") && (open || frameCount == 0)) {
            fprintf(stderr, "%s: 'base' outside a frame or inside a fill or stroke\n", path);
            fclose(in);
            return 1;
        }
        if ((pathLine || !strcmp(word, "end")) && !open) {
            fprintf(stderr, "%s: '%s' outside a fill or stroke\n", path, word);
            fclose(in);
            return 1;
        }
        if (!strcmp(word, "fill") || !strcmp(word, "stroke")) {
            if (open || frameCount == 0) { fprintf(stderr, "%s: '%s' outside a frame or inside another\n", path, word); fclose(in); return 1; }
            open = 1;
        }
        if (!strcmp(word, "frame")) {
            if (frameCount == MAX_FRAMES) { fprintf(stderr, "%s: more than %d frames\n", path, MAX_FRAMES); fclose(in); return 1; }
            if (open) { fprintf(stderr, "%s: 'frame' inside a fill or stroke\n", path); fclose(in); return 1; }
            frames[frameCount++] = count;
            push(FRAME);
        }
        else if (!strcmp(word, "base")) { o = push(BASE); ok = fscanf(in, "%lf %lf %lf %lf", &o->v[0], &o->v[1], &o->v[2], &o->v[3]) == 4; }
        else if (!strcmp(word, "fill")) {
            char opname[16];
            o = push(FILL);
            ok = fscanf(in, "%lf %lf %lf %lf %15s", &o->v[0], &o->v[1], &o->v[2], &o->v[3], opname) == 5;
            if (ok) o->i = !strcmp(opname, "source") ? 1 : !strcmp(opname, "dest_out") ? 2 : 0;
        }
        else if (!strcmp(word, "stroke")) { o = push(STROKE); ok = fscanf(in, "%lf %lf %lf %lf %lf", &o->v[0], &o->v[1], &o->v[2], &o->v[3], &o->v[4]) == 5; }
        else if (!strcmp(word, "M")) { o = push(MOVE); ok = fscanf(in, "%lf %lf", &o->v[0], &o->v[1]) == 2; }
        else if (!strcmp(word, "L")) { o = push(LINE); ok = fscanf(in, "%lf %lf", &o->v[0], &o->v[1]) == 2; }
        else if (!strcmp(word, "Q")) { o = push(QUAD); ok = fscanf(in, "%lf %lf %lf %lf", &o->v[0], &o->v[1], &o->v[2], &o->v[3]) == 4; }
        else if (!strcmp(word, "C")) { o = push(CUBIC); ok = fscanf(in, "%lf %lf %lf %lf %lf %lf", &o->v[0], &o->v[1], &o->v[2], &o->v[3], &o->v[4], &o->v[5]) == 6; }
        else if (!strcmp(word, "A")) { o = push(ARC); ok = fscanf(in, "%lf %lf %lf %lf %lf %d", &o->v[0], &o->v[1], &o->v[2], &o->v[3], &o->v[4], &o->i) == 6; }
        else if (!strcmp(word, "Z")) push(CLOSE);
        else if (!strcmp(word, "end")) { push(END); open = 0; }
        else ok = 0;
        if (!ok) {
            fprintf(stderr, "%s: cannot read '%s'\n", path, word);
            fclose(in);
            return 1;
        }
    }
    fclose(in);
    if (open) { fprintf(stderr, "%s: a fill or stroke without its 'end'\n", path); return 1; }
    if (frameCount == 0) { fprintf(stderr, "%s: no frames\n", path); return 1; }
    if (firstRow < 0 || endRow > height || endRow <= firstRow) { fprintf(stderr, "%s: bad rows\n", path); return 1; }
    return 0;
}

#endif
