# JSON allows no trailing comma.
$ports = @(END:json)
  [80, 443,]
  | END
notice($ports)
