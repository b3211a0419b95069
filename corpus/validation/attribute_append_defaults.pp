Exec { path +> ['/usr/bin'] }
