# After `tail.pp`, though a walk by path components would put it first.
include vis::tail_reader
