@class { 'validation::virtual': }
