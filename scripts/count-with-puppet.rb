#!/usr/bin/env ruby
# Counts, with Puppet 7's own parser (Debian's puppet-agent), what each
# manifest under the given directories declares and references. pfacts'
# extraction is tested against these counts (tests/extract_counts.rs).
#
#   ruby scripts/count-with-puppet.rb ../shared/corpus/debian-modules \
#     > data/debian-modules.puppet-counts.tsv
#
# Columns: file (relative to the directory), then classes, defines, nodes,
# functions, type aliases, resource expressions, resource default
# expressions, and variable references (variables read, not assigned).
require 'puppet'
require 'tmpdir'

scratch = Dir.mktmpdir
Puppet.initialize_settings(['--confdir', scratch, '--vardir', scratch, '--codedir', scratch])

COUNTED = {
  'HostClassDefinition' => :classes,
  'ResourceTypeDefinition' => :defines,
  'NodeDefinition' => :nodes,
  'FunctionDefinition' => :functions,
  'TypeAlias' => :type_aliases,
  'ResourceExpression' => :resource_expressions,
  'ResourceDefaultsExpression' => :resource_defaults,
}.freeze
COLUMNS = %i[classes defines nodes functions type_aliases resource_expressions resource_defaults variable_references].freeze

# Whether `variable` is assigned: the target of `$x = ...` or one of
# `[$a, $b] = ...`.
def assigned?(variable, path)
  parent = path[-1]
  model = Puppet::Pops::Model
  return parent.left_expr.equal?(variable) if parent.is_a?(model::AssignmentExpression)
  grandparent = path[-2]
  parent.is_a?(model::LiteralList) && grandparent.is_a?(model::AssignmentExpression) &&
    grandparent.left_expr.equal?(parent)
end

puts (['file'] + COLUMNS).join("\t")
ARGV.each do |root|
  Dir.glob('**/*.pp', base: root).sort.each do |relative|
    counts = Hash.new(0)
    program = Puppet::Pops::Parser::Parser.new.parse_file(File.join(root, relative)).model
    program._pcore_all_contents([]) do |object, path|
      kind = object.class.name.split('::').last
      counts[COUNTED[kind]] += 1 if COUNTED.key?(kind)
      if kind == 'VariableExpression' && !assigned?(object, path)
        counts[:variable_references] += 1
      end
    end
    puts ([relative] + COLUMNS.map { |column| counts[column] }).join("\t")
  end
end
