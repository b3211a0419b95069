#!/usr/bin/env ruby
# Copies the manifests, EPP templates and Ruby plugins of every module under
# SOURCE into TARGET, COPIES times, each copy's modules renamed: directories
# <module>_<copy> (without metadata.json, which would name them back) and
# every word that names a module in the code, so that each copy defines
# classes of its own. The same copies as benches/check.rs makes in memory.
# Usage: ruby scripts/replicate-corpus.rb SOURCE TARGET COPIES
require 'fileutils'
require 'json'

source, target, copies = ARGV[0], ARGV[1], Integer(ARGV[2])
abort 'usage: replicate-corpus.rb SOURCE TARGET COPIES' unless source && target

plugin_dirs = %w[lib/puppet/type/ lib/puppet/functions/ lib/puppet/parser/functions/]
wanted = lambda do |path|
  File.extname(path) == '.pp' || File.extname(path) == '.epp' ||
    (File.extname(path) == '.rb' && plugin_dirs.any? { |dir| path.include?(dir) })
end

# A module's name: its metadata.json's, else its directory's without an
# `author-` prefix (as src/facts/layout.rs names it).
modules = Dir.children(source).sort.select { |dir| File.directory?(File.join(source, dir)) }
names = modules.map do |dir|
  metadata = File.join(source, dir, 'metadata.json')
  name = File.exist?(metadata) ? JSON.parse(File.read(metadata))['name'].to_s : dir
  name.split(/[-\/]/).last
end
module_word = /\b(#{names.uniq.sort.join('|')})\b/

files = modules.flat_map do |dir|
  Dir.glob('**/*', base: File.join(source, dir)).select { |path| wanted.call(path) }
     .map { |path| [dir, path] }
end
copies.times do |copy|
  files.each do |dir, path|
    destination = File.join(target, "#{dir}_#{copy}", path)
    FileUtils.mkdir_p(File.dirname(destination))
    text = File.binread(File.join(source, dir, path)).force_encoding('UTF-8')
    text = text.scrub.gsub(module_word) { "#{$1}_#{copy}" }
    File.binwrite(destination, text)
  end
end
