$ports = [80]
$ports[0] = 443
