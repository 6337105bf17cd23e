// Header-only module: see include/lane_intrinsics.h.
