# Records what Puppet 7 makes of each case in corpus/functions/cases/*.pp:
# writes corpus/functions/expected/<family>.tsv, one row per case.
#
#   ruby scripts/function-cases.rb [CORPORA] [FAMILY...]
#
# A case file starts with `# modulepath: <dir below CORPORA>` (the modules
# its calls see, e.g. stdlib 9 in corpus/forge-modules/modules) or
# `# modulepath: -` for none. Cases are separated by blank lines; a case
# is Puppet code whose last expression is its result, and may start with
# comment lines. Each case is compiled alone, with Puppet 7's defaults
# (strict_variables=false, strict=warning), as
#
#   $__result = with() || {
#   <case>
#   }
#   notify { '__result': message => String($__result, '%p') }
#
# Puppet's scanf needs Ruby's scanf library (Debian's ruby-scanf; Puppet's
# AIO Ruby has it).
#
# Row: the case's first code line, `ok` and the `%p` text of its value, or
# `error` and Puppet's message (without the "Evaluation Error: Error while
# evaluating a Function Call, " preamble and the location), and the
# warnings Puppet logged (those of Puppet code with their scope), joined
# by ` | `. Tabs, newlines and backslashes
# are written `\t`, `\n`, `\\`.
require 'puppet'
require 'json'
require 'tmpdir'

corpora = ARGV.shift || '../shared'
families = ARGV
scratch = Dir.mktmpdir
Puppet.initialize_settings(['--confdir', scratch, '--vardir', scratch, '--codedir', scratch])
Puppet[:hiera_config] = File.join(scratch, 'hiera.yaml')
logs = []
Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(logs))
Puppet[:log_level] = 'warning'
facts_values = JSON.parse(File.read('corpus/facts.json'))
node_name = 'node.example.com'

def escape(text)
  text.to_s.gsub('\\', '\\\\\\\\').gsub("\t", '\\t').gsub("\n", '\\n')
end

# Puppet's message without the evaluator's preamble and the location (of
# the Puppet code, or of the Ruby code a deprecation warning names).
def core(message)
  message = message.sub(/\n   \(location: [^\n]*\)\z/, '')
  message = message.sub(/\AEvaluation Error: /, '')
  message = message.sub(/\AError while evaluating an? (?:[A-Za-z ]+?|'[^']+' expression), /, '')
  message = message.sub(/ on node \S+\z/, '')
  message.sub(/\s*\((?:file: [^,)]*, )?line: \d+(?:, column: \d+)?\)\z/, '')
end

# The cases of a file: [first code line, code].
def cases(text)
  found = []
  current = []
  first = nil
  text.lines.each_with_index do |line, index|
    if line.strip.empty?
      found << [first, current.join] if first
      current = []
      first = nil
    elsif current.empty? && first.nil? && line.start_with?('#')
      next
    else
      first ||= index + 1
      current << line
    end
  end
  found << [first, current.join] if first
  found
end

Dir['corpus/functions/cases/*.pp'].sort.each do |file|
  family = File.basename(file, '.pp')
  next unless families.empty? || families.include?(family)

  text = File.read(file)
  modules = text[/\A# modulepath: (\S+)/, 1] or abort "#{file}: no `# modulepath:` line"
  modulepath = modules == '-' ? [] : [File.expand_path(File.join(corpora, modules))]
  rows = cases(text).map do |line, code|
    environment = Puppet::Node::Environment.create(:production, modulepath)
    facts = Puppet::Node::Facts.new(node_name, facts_values)
    node = Puppet::Node.new(node_name, environment: environment, facts: facts)
    node.merge(facts.values)
    node.trusted_data = Puppet::Context::TrustedInformation.new('remote', node_name, {}).to_h
    Puppet[:code] = "$__result = with() || {\n#{code}}\nnotify { '__result': message => String($__result, '%p') }\n"
    logs.clear
    # Each case is a compilation of its own: a warning Puppet gives once
    # (`warn_once`, as for deprecations) is given once per case.
    Puppet.clear_deprecation_warnings
    verdict = begin
      catalog = Puppet.override(current_environment: environment,
                                environments: Puppet::Environments::Static.new(environment)) do
        Puppet::Parser::Compiler.compile(node)
      end
      ['ok', catalog.resource('Notify', '__result')[:message]]
    rescue Puppet::Error, StandardError, SystemStackError, ScriptError => e
      ['error', core(e.message)]
    end
    # A warning logged from Puppet code (`warning()`) is shown with its
    # scope, as Puppet's log writes it: `Scope(Class[main]): text`.
    warnings = logs.select { |log| log.level == :warning }.map do |log|
      text = core(log.message)
      log.source.to_s.start_with?('Scope(') ? "#{log.source}: #{text}" : text
    end
    [line, verdict[0], escape(verdict[1]), escape(warnings.join(' | '))].join("\t")
  end
  File.write("corpus/functions/expected/#{family}.tsv", rows.map { |row| "#{row}\n" }.join)
end
