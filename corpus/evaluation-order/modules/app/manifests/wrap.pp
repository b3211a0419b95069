class app::wrap {
  include app::inner
}
