$port = 80
$port == 80
notice($port)
