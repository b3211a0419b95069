# modulepath: corpus/forge-modules/modules
# The modules' files: file, find_file, find_template, module_directory,
# binary_file, import.

file('apt/15update-stamp')

file('apt/missing', 'apt/15update-stamp')

file('apt/missing')

file('apt/missing', 'nosuchmodule/x', '/no/such/file')

file()

file('apt')

file('/etc/hostname') =~ String

find_file('apt/15update-stamp') =~ /modules\/apt\/files\/15update-stamp\z/

find_file('apt/missing', 'apt/15update-stamp') =~ /apt\/files\/15update-stamp\z/

find_file(['apt/missing', 'apt/15update-stamp']) =~ /apt\/files\/15update-stamp\z/

find_file('apt/missing')

find_file()

find_file('/etc/passwd')

find_file('/no/such/file')

find_file(1)

find_file('apt/files')

find_file('Apt/15update-stamp')

find_template('apt/proxy.epp') =~ /modules\/apt\/templates\/proxy\.epp\z/

find_template('apt/proxy')

find_template(['apt/nothing', 'apt/pin.pref.epp']) =~ /pin\.pref\.epp\z/

find_template('nosuchmodule/x.erb')

module_directory('apt') =~ /modules\/apt\z/

module_directory('nosuchmodule', 'stdlib') =~ /modules\/stdlib\z/

module_directory(['nosuchmodule', 'concat']) =~ /modules\/concat\z/

module_directory('nosuchmodule')

module_directory()

module_directory('..')

binary_file('apt/missing')

binary_file(1)

import('site.pp')

import()
