# Whether `lib::conf` is evaluated depends on who declared it first.
class lib::reader {
  notify { "reader value=${lib::conf::value}": }
}
