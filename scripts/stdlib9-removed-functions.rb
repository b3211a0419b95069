#!/usr/bin/env ruby
# frozen_string_literal: true

# Lists the functions of stdlib 8 that stdlib 9 (the stdlib of Puppet 8)
# removed and Puppet does not build in, each with what stdlib 8's own
# documentation says to use instead, into
# data/stdlib9-removed-functions.tsv; and the functions stdlib 9 keeps only
# as deprecated shims (calling `deprecation`), with their message and
# whether Puppet's `strict` setting decides between a warning and an
# error, into data/stdlib9-deprecated-functions.tsv. Read from two
# releases of stdlib: the Debian corpus's (8.5.0) and the forge corpus's
# (9.x), as text.
#
#   ruby scripts/stdlib9-removed-functions.rb OLD_STDLIB NEW_STDLIB

old_dir, new_dir = ARGV
abort 'usage: stdlib9-removed-functions.rb OLD_STDLIB NEW_STDLIB' unless old_dir && new_dir

def version(dir)
  File.read(File.join(dir, 'metadata.json'))[/"version":\s*"([^"]+)"/, 1]
end

# The functions a stdlib defines, by name, with the files defining each.
def functions(dir)
  found = Hash.new { |hash, name| hash[name] = [] }
  Dir.glob(File.join(dir, 'lib/puppet/parser/functions/*.rb')).each do |path|
    found[File.basename(path, '.rb')] << path
  end
  Dir.glob(File.join(dir, 'lib/puppet/functions/**/*.rb')).each do |path|
    relative = path.delete_prefix(File.join(dir, 'lib/puppet/functions/')).delete_suffix('.rb')
    found[relative.split('/').join('::')] << path
  end
  Dir.glob(File.join(dir, 'functions/**/*.pp')).each do |path|
    relative = path.delete_prefix(File.join(dir, 'functions/')).delete_suffix('.pp')
    found[(['stdlib'] + relative.split('/')).join('::')] << path
  end
  found
end

# What stdlib says when the function is called: the message it gives
# `deprecation()`, else the first sentence its documentation says of its
# deprecation; on one line.
def note(name, paths)
  texts = paths.map { |path| File.read(path) }
  warned = texts.map { |text| text[/deprecation['"]?,\s*\[?:?['"]?#{name}['"]?,\s*'([^']*)'/m, 1] }.compact.first
  return warned.split.join(' ') if warned

  line = texts.flat_map(&:lines).find { |candidate| candidate =~ /deprecat/i }
  return '' unless line

  sentence = line.gsub(/[>*`]|Note:|@summary/, ' ').squeeze(' ').strip.sub(/\A:\s*/, '')
  sentence[/\A.*?[.;](\s|\z)/]&.strip || sentence
end

builtins = File.readlines(File.join(__dir__, '..', 'data', 'puppet7-builtins.tsv'))
               .map { |line| line.split("\t") }
               .select { |kind, _| kind == 'function' }
               .map { |_, name| name.strip }
old_functions = functions(old_dir)
new_functions = functions(new_dir)
removed = old_functions.keys.reject do |name|
  new_functions.key?(name) || builtins.include?(name) || new_functions.key?("stdlib::#{name}")
end

File.open(File.join(__dir__, '..', 'data', 'stdlib9-removed-functions.tsv'), 'w') do |out|
  out.puts "# Functions of stdlib #{version(old_dir)} that stdlib #{version(new_dir)} does not have and Puppet 7"
  out.puts '# does not build in, with what stdlib says of each when it deprecated it; written by'
  out.puts '# scripts/stdlib9-removed-functions.rb'
  removed.sort.each { |name| out.puts "#{name}\t#{note(name, old_functions[name])}" }
end
warn "stdlib9-removed-functions: #{removed.size} functions"

# `call_function('deprecation', 'name', 'message'[, false])`: `false` means
# a warning whatever `strict` says.
deprecated = new_functions.filter_map do |name, paths|
  call = paths.map { |path| File.read(path) }.join[/call_function\('deprecation', '[^']*', '([^']*)'(, false)?\)/]
  [name, Regexp.last_match(2) ? 'no' : 'yes', Regexp.last_match(1)] if call
end
File.open(File.join(__dir__, '..', 'data', 'stdlib9-deprecated-functions.tsv'), 'w') do |out|
  out.puts "# Functions stdlib #{version(new_dir)} keeps as deprecated shims: name, whether Puppet's"
  out.puts '# strict setting turns the warning into an error, and the message; written by'
  out.puts '# scripts/stdlib9-removed-functions.rb'
  deprecated.sort.each { |row| out.puts row.join("\t") }
end
warn "stdlib9-deprecated-functions: #{deprecated.size} functions"
