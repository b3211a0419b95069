if $facts['os']['family'] == 'Debian' {
  class validation::debian { }
}
