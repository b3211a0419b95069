#!/usr/bin/env ruby
# Copies every module under SOURCE into TARGET, COPIES times, each copy's
# modules renamed: directory <module>_<copy>, and every word that names a
# module renamed the same way in the text of every file (code, templates,
# Hiera data, metadata.json) and in the file names below the module's root,
# so that each copy is the same code base as the original under other
# names: its classes, templates and facts its own, and `pfacts check` on N
# copies finds N times what it finds on one. Files that are not UTF-8 are
# copied as they are.
# Usage: ruby scripts/replicate-corpus.rb SOURCE TARGET COPIES
require 'fileutils'
require 'json'

source, target, copies = ARGV[0], ARGV[1], Integer(ARGV[2])
abort 'usage: replicate-corpus.rb SOURCE TARGET COPIES' unless source && target

# A module's name: its metadata.json's, else its directory's without an
# `author-` prefix (as src/facts/layout.rs names it).
modules = Dir.children(source).sort.select { |dir| File.directory?(File.join(source, dir)) }
names = modules.map do |dir|
  metadata = File.join(source, dir, 'metadata.json')
  name = File.exist?(metadata) ? JSON.parse(File.read(metadata))['name'].to_s : dir
  name.split(/[-\/]/).last
end
# And the first segment of each class and define a module's manifests
# define, where it is not the module's name (augeas_core defines `augeas`).
names += Dir.glob(File.join(source, '*', 'manifests', '**', '*.pp')).flat_map do |path|
  File.binread(path).scan(/^\s*(?:class|define)\s+(?:::)?([a-z][a-z0-9_]*)/).flatten
end
# Type names are capitalized (`Apache::Vhost`): matched in any case, kept.
module_word = /\b(#{names.uniq.sort.join('|')})\b/i

files = modules.flat_map do |dir|
  Dir.glob('**/*', File::FNM_DOTMATCH, base: File.join(source, dir))
     .reject { |path| path.split('/').include?('.git') }
     .select { |path| File.file?(File.join(source, dir, path)) && !File.symlink?(File.join(source, dir, path)) }
     .map { |path| [dir, path] }
end
copies.times do |copy|
  rename = ->(text) { text.gsub(module_word) { "#{$1}_#{copy}" } }
  files.each do |dir, path|
    destination = File.join(target, "#{dir}_#{copy}", rename.call(path))
    FileUtils.mkdir_p(File.dirname(destination))
    bytes = File.binread(File.join(source, dir, path))
    text = bytes.dup.force_encoding('UTF-8')
    File.binwrite(destination, text.valid_encoding? ? rename.call(text) : bytes)
  end
end
