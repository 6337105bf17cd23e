// What writing and reading a whole iphone-x frame (1126 x 2436 RGBA, 11 MB) costs when it
// comes from memory rather than from the caches: the floor under rendering and converting
// a whole-screen scene in the pipeline, whose frames rotate through more buffers than the
// caches hold. docs/performance.md quotes it.
//
//     cc -O2 -o /tmp/memory_floor bench/memory_floor.c && /tmp/memory_floor
//
// Prints, best of three rounds of 200 frames each, milliseconds per frame for: memset of
// frames rotating through ten buffers (110 MB), a read of every byte of the same, and a
// memset of one buffer again and again (cache-resident where the caches hold 11 MB).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BUFFERS = 10, FRAMES = 200, ROUNDS = 3 };
static const size_t frame_bytes = (size_t)1126 * 2436 * 4;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(void) {
    unsigned char *buffers[BUFFERS];
    for (int i = 0; i < BUFFERS; i++) {
        buffers[i] = malloc(frame_bytes);
        if (!buffers[i]) {
            fprintf(stderr, "memory_floor: out of memory\n");
            return 1;
        }
        memset(buffers[i], 1, frame_bytes);
    }
    double write = 1e9, read = 1e9, resident = 1e9;
    uint64_t sum = 0;
    for (int round = 0; round < ROUNDS; round++) {
        double t = now();
        for (int f = 0; f < FRAMES; f++) memset(buffers[f % BUFFERS], f, frame_bytes);
        double w = (now() - t) / FRAMES;
        t = now();
        for (int f = 0; f < FRAMES; f++) {
            const uint64_t *words = (const uint64_t *)buffers[f % BUFFERS];
            uint64_t x = 0;
            for (size_t i = 0; i < frame_bytes / 8; i++) x ^= words[i];
            sum += x;
        }
        double r = (now() - t) / FRAMES;
        t = now();
        for (int f = 0; f < FRAMES; f++) memset(buffers[0], f, frame_bytes);
        double c = (now() - t) / FRAMES;
        if (w < write) write = w;
        if (r < read) read = r;
        if (c < resident) resident = c;
    }
    // The sum keeps the reads from being optimised away.
    printf("ms per 11 MB frame: write from memory %.3f, read from memory %.3f, write in cache %.3f%s\n",
           write * 1e3, read * 1e3, resident * 1e3, sum == 42 ? " " : "");
    for (int i = 0; i < BUFFERS; i++) free(buffers[i]);
    return 0;
}
