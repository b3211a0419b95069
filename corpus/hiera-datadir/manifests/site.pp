# The module's hiera.yaml names its data directory `settings`: Puppet reads
# settings/common.yaml and never data/common.yaml.
include web
