class other {
  include vault::guarded
}
