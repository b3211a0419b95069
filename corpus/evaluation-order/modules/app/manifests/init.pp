class app {
  # Declared before the read, in the same body: evaluated.
  include app::config
  notify { "config dir=${app::config::dir}": }
  # Declared after the read: not evaluated yet.
  notify { "settings dir=${app::settings::dir}": }
  include app::settings
  # Declared by a class this body declared before the read.
  include app::wrap
  notify { "inner value=${app::inner::value}": }
  # Defined, but declared nowhere.
  notify { "orphan value=${app::orphan::value}": }
}
