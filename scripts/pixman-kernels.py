#!/usr/bin/env python3
"""Times pixman (through cairo) doing the operations `bench kernels` times, over one 2048 x 2732
frame, each as a multiple of a memset of the same bytes in this process: a peer to compare the
kernels with. Needs Debian's python3-cairo (apt-get install -y python3-cairo); run it with the
system Python (/usr/bin/python3) right after `bench kernels`, on a quiet machine, and compare
multiples, not microseconds (memory speed varies between processes and days)."""
import ctypes
import statistics
import sys
import time

try:
    import cairo
except ImportError:
    print("error: python3-cairo is not installed (apt-get install -y python3-cairo), or this is not the system Python.",
          file=sys.stderr)
    sys.exit(2)

WIDTH, HEIGHT, REPETITIONS = 2048, 2732, 15


def median_us(operation):
    operation()  # once untimed: first touch of the pages
    samples = []
    for _ in range(REPETITIONS):
        start = time.perf_counter_ns()
        operation()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1000


def surface(kind, red, green, blue, alpha):
    image = cairo.ImageSurface(kind, WIDTH, HEIGHT)
    context = cairo.Context(image)
    context.set_source_rgba(red, green, blue, alpha)
    context.paint()
    return image


def main():
    libc = ctypes.CDLL("libc.so.6")
    scratch = ctypes.create_string_buffer(WIDTH * HEIGHT * 4)
    target = cairo.ImageSurface(cairo.FORMAT_ARGB32, WIDTH, HEIGHT)
    context = cairo.Context(target)
    opaque = surface(cairo.FORMAT_RGB24, 0.3, 0.5, 0.7, 1)
    translucent = surface(cairo.FORMAT_ARGB32, 0.3, 0.5, 0.7, 0.6)
    mask = surface(cairo.FORMAT_A8, 0, 0, 0, 0.5)

    def paint(operator, source=None, colour=None, through=None):
        def run():
            context.set_operator(operator)
            if source is not None:
                context.set_source_surface(source)
            else:
                context.set_source_rgba(*colour)
            if through is not None:
                context.mask_surface(through)
            else:
                context.paint()
            target.flush()
        return run

    floor = median_us(lambda: libc.memset(scratch, 0x7F, WIDTH * HEIGHT * 4))
    rows = [
        ("fill opaque colour (SOURCE)", paint(cairo.OPERATOR_SOURCE, colour=(0.95, 0.95, 0.97, 1))),
        ("copy opaque image (SOURCE)", paint(cairo.OPERATOR_SOURCE, source=opaque)),
        ("blend colour (OVER)", paint(cairo.OPERATOR_OVER, colour=(0.2, 0.4, 0.6, 0.5))),
        ("blend image (OVER)", paint(cairo.OPERATOR_OVER, source=translucent)),
        ("masked composite (OVER, A8 mask)", paint(cairo.OPERATOR_OVER, source=translucent, through=mask)),
    ]
    print(f"pixman through cairo {cairo.cairo_version_string()} over one {WIDTH} x {HEIGHT} frame; memset {floor:.1f} us")
    print(f"{'kernel':34s} {'us / frame':>10s} {'x memset':>9s}")
    for name, operation in rows:
        us = median_us(operation)
        print(f"{name:34s} {us:10.1f} {us / floor:9.2f}")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # the reader stopped early (| head): nothing left to say
        sys.stderr.close()
        sys.exit(2)
