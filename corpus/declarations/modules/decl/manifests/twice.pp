class decl::twice {
  package { 'git': ensure => installed }
  package { 'git': ensure => latest }
}
