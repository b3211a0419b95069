type TS = TypeSet {
  pcore_version => '1.0.0',
  types => {
    Good => Integer,
    Bad => Object { attributes => { x => Integer }, pcore_version => '1.0.0' },
  },
}

notify { 'set': message => "${TS}" }
