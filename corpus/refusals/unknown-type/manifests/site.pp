# A resource of a type no one defines (a typo, or a module not installed).
package { 'nginx': ensure => installed }
servce { 'nginx': ensure => running }
