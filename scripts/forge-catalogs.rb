#!/usr/bin/env ruby
# Compiles, with Puppet 7 itself and its defaults, what a new user of the
# 20 modules of the corpora's forge-modules would try: each example
# (`examples/*.pp`; `include <module>` for a module without one) and each
# ```puppet block of its README, for both fact sets of `facts/`, with the
# forge modules and the modules Puppet 7's agent bundles on the
# modulepath. Writes corpus/forge/<module>.json.gz: for each case
# (`examples-<name>`, `include`, `readme-NN`) and each node, the catalog in
# Puppet's format (scripts/lib/puppet_catalog.rb) or {"error": message},
# with Puppet's warnings; gzip, as the catalogs repeat one another (13 MB
# of JSON), written with a fixed time so that the same answers give the
# same bytes. tests/catalog.rs compiles the same with pfacts and compares.
#
#   ruby scripts/forge-catalogs.rb CORPORA OUT
#   ruby scripts/forge-catalogs.rb ../shared corpus/forge
require 'fileutils'
require 'zlib'
require_relative 'lib/puppet_catalog'

corpora, out = ARGV
forge = File.join(corpora, 'corpus/forge-modules')
modulepath = [File.join(forge, 'modules'), File.join(corpora, 'corpus/control-repos/puppet7-vendor-modules')]
PuppetCatalog.setup(strict: false)

# The `puppet` code blocks of a README, in order.
def readme_blocks(path)
  return [] unless File.exist?(path)

  blocks = []
  current = nil
  File.foreach(path) do |line|
    if current.nil? && line.rstrip == '```puppet'
      current = +''
    elsif current && line.rstrip == '```'
      blocks << current
      current = nil
    elsif current
      current << line
    end
  end
  blocks
end

modules = File.readlines(File.join(forge, 'MODULES.tsv')).drop(1).map { |row| row.split("\t") }
                .select { |row| row[1] == 'module' }.map(&:first)
facts = Dir.glob(File.join(forge, 'facts', '*.json')).sort.map do |file|
  [File.basename(file, '.json'), JSON.parse(File.read(file))]
end
scratch = Dir.mktmpdir
FileUtils.mkdir_p(out)
modules.each do |mod|
  dir = File.join(forge, 'modules', mod)
  examples = Dir.glob(File.join(dir, 'examples', '*.pp')).sort
  cases = examples.map { |file| ["examples-#{File.basename(file, '.pp')}", File.read(file)] }
  cases << ['include', "include #{mod}\n"] if examples.empty?
  readme_blocks(File.join(dir, 'README.md')).each_with_index do |code, index|
    cases << [format('readme-%02d', index + 1), code]
  end
  recorded = cases.to_h do |name, code|
    environment = File.join(scratch, "#{mod}-#{name}")
    FileUtils.mkdir_p(File.join(environment, 'manifests'))
    File.write(File.join(environment, 'manifests', 'site.pp'), code)
    [name, facts.to_h { |node, values| [node, PuppetCatalog.compile(environment, node, values, modulepath)] }]
  end
  File.open(File.join(out, "#{mod}.json.gz"), 'wb') do |file|
    gzip = Zlib::GzipWriter.new(file, Zlib::BEST_COMPRESSION)
    gzip.mtime = 0
    gzip.write("#{JSON.pretty_generate(recorded)}\n")
    gzip.close
  end
end
FileUtils.rm_rf(scratch)
