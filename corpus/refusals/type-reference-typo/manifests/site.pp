# A reference to a type no one defines, in a relationship.
package { 'nginx': ensure => installed }
Package['nginx'] -> Servce['nginx']
