# An environment's manifests run as one program, file after file in the
# order Puppet's `**/*.pp` glob sorts their paths: this file before
# site.pp, `tail.pp` after it, and `tail/reader.pp` last (a path's bytes
# put `tail.pp` before `tail/`).
$first_file_top = 'first'

# Declared before site.pp sets its `File` default: its file keeps no mode.
include dflt::before_default
