file { '/tmp/append': require +> Package['git'] }
