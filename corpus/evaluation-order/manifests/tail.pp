# Read by `vis::top_reader`, which site.pp declared earlier, and by
# `vis::tail_reader`, which `tail/reader.pp` declares later.
$tail_top = 'tail'
