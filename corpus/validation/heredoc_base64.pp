# Strict Base64: the bits after the last full byte must be zero.
$key = @(END:base64)
  YR==
  | END
notice($key)
