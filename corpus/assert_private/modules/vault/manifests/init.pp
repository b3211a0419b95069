class vault {
  # Its own module may include it.
  include vault::guarded
}
