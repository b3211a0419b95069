class role::web {
  include mymod
  mymod_setting { 'x': value => mymod::double(2) }
}
