class validation::ports (
  Integer $port,
  Integer $port = 80,
) { }
