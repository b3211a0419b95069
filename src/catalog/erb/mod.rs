//! ERB templates (`template()`, `inline_template()`), rendered as Puppet
//! renders them with Ruby's ERB in trim mode `-`: the template's variables
//! are the calling scope's (`@name`, undef ones unset), `scope` reads any
//! variable and calls functions.
//!
//! Templates are Ruby, and pfacts does not run Ruby: a small interpreter
//! evaluates the part of it that templates use (conditionals, `case`,
//! iteration with blocks, string interpolation, the common methods of
//! strings, arrays and hashes). A template that needs anything else is
//! [`Unsupported`], and its caller marks the value unevaluated: never a
//! guess.

mod interpreter;
mod lexer;
mod methods;
mod object;
mod parser;

use std::collections::HashMap;

use super::values::Value;
use interpreter::Interpreter;
use lexer::{tokenize, Tok};
pub use object::Object;
use parser::Parser;

/// What a template reads from and calls in the compilation: Puppet's
/// values, which the template sees as Ruby objects.
pub trait Host {
    /// The value of a variable (`@name`, `scope['a::b']`), `None` when it
    /// is unknown or undef.
    fn variable(&mut self, name: &str) -> Option<Value>;
    /// `scope['x']`, `scope.lookupvar('x')`: the variable, as
    /// [`Host::variable`]; where Puppet's scope fails a variable that is
    /// not defined (`strict=error`), the template fails.
    fn lookup(&mut self, name: &str) -> Result<Option<Value>> {
        Ok(self.variable(name))
    }
    /// A Puppet function (`scope.call_function('f', [args])`,
    /// `scope.function_f([args])`).
    fn call(&mut self, name: &str, args: Vec<Value>) -> Result<Value>;
    /// What the template's Ruby set with `scope.setvar` in the calling
    /// scope, as Ruby holds it (symbols and all): templates rendered there
    /// read it back, changed in place or not.
    fn ruby_variable(&mut self, name: &str) -> Option<Object>;
    /// `scope.setvar(name, value)`: a variable of the calling scope, for
    /// Puppet code (`Cannot reassign` when it has one) and, as it is, for
    /// templates; `replace` sets again what Ruby changed in place.
    fn set_ruby_variable(&mut self, name: &str, value: Object, replace: bool) -> Result<()>;
    /// The template's Ruby raised `message` (`raise 'x'`, `Integer('x')`)
    /// and nothing rescued it: in Puppet the template fails.
    fn raised(&mut self, message: &str) {
        let _ = message;
    }
}

/// The deepest nesting of expressions, blocks and interpolated strings
/// read; real templates nest a handful, and a hostile one would overflow
/// the stack.
const MAX_NESTING: usize = 32;

/// Why a template was not rendered: Ruby that pfacts does not evaluate, or
/// that fails.
#[derive(Debug, Clone, PartialEq)]
pub struct Unsupported(pub String);

type Result<T> = std::result::Result<T, Unsupported>;

fn unsupported<T>(what: impl Into<String>) -> Result<T> {
    Err(Unsupported(what.into()))
}

/// The text of `template` rendered with `host`'s variables.
pub fn render(template: &str, host: &mut dyn Host) -> Result<String> {
    let tokens = tokenize(template)?;
    let mut parser = Parser {
        tokens,
        at: 0,
        depth: 0,
    };
    let program = parser.statements(&[])?;
    if parser.peek() != &Tok::Eof {
        return unsupported(format!("Ruby syntax: {:?}", parser.peek()));
    }
    let mut interpreter = Interpreter {
        host,
        locals: vec![HashMap::new()],
        out: String::new(),
        methods: HashMap::new(),
        returning: None,
        calls: 0,
        groups: Vec::new(),
        raised: false,
    };
    if let Err(error) = interpreter.run(&program) {
        if interpreter.raised {
            interpreter.host.raised(&error.0);
        }
        return Err(error);
    }
    Ok(interpreter.out)
}

// ---------------------------------------------------------------------------
#[cfg(test)]
mod tests {
    use super::*;

    struct Variables(Vec<(&'static str, Value)>);

    impl Host for Variables {
        fn variable(&mut self, name: &str) -> Option<Value> {
            self.0
                .iter()
                .find(|(known, _)| *known == name)
                .map(|(_, value)| value.clone())
                .filter(|value| *value != Value::Undef)
        }

        fn call(&mut self, name: &str, _: Vec<Value>) -> Result<Value> {
            unsupported(format!("function {name}"))
        }

        fn ruby_variable(&mut self, _: &str) -> Option<Object> {
            None
        }

        fn set_ruby_variable(&mut self, name: &str, _: Object, _: bool) -> Result<()> {
            unsupported(format!("scope.setvar('{name}')"))
        }
    }

    fn text(value: &str) -> Value {
        Value::Str(value.to_string())
    }

    /// A host whose scope keeps what templates set, as the compiler's.
    struct Scoped(HashMap<String, Object>);

    impl Host for Scoped {
        fn variable(&mut self, _: &str) -> Option<Value> {
            None
        }

        fn call(&mut self, name: &str, _: Vec<Value>) -> Result<Value> {
            unsupported(format!("function {name}"))
        }

        fn ruby_variable(&mut self, name: &str) -> Option<Object> {
            self.0.get(name).cloned()
        }

        fn set_ruby_variable(&mut self, name: &str, value: Object, replace: bool) -> Result<()> {
            if self.0.contains_key(name) && !replace {
                return unsupported(format!("Cannot reassign variable '${name}'"));
            }
            self.0.insert(name.to_string(), value);
            Ok(())
        }
    }

    #[test]
    fn scope_setvar_keeps_what_ruby_changes_in_place() {
        let mut host = Scoped(HashMap::new());
        let template = "<%- scope.setvar('_t', {}) -%><%- scope.lookupvar('_t')[:item] = 'x' -%><%= scope.lookupvar('_t')[:item] %>";
        assert_eq!(render(template, &mut host).unwrap(), "x");
        // A second setvar of the name in the same scope fails, as Puppet's.
        assert!(render("<% scope.setvar('_t', 1) %>", &mut host).is_err());
    }

    fn rendered(template: &str) -> String {
        let mut host = Variables(vec![
            ("servers", Value::Array(vec![text("a"), text("b")])),
            (
                "settings",
                Value::Hash(vec![
                    (text("z"), Value::Integer(1)),
                    (text("a"), Value::Undef),
                ]),
            ),
            ("port", Value::Integer(80)),
            ("empty", text("")),
            ("nothing", Value::Undef),
        ]);
        render(template, &mut host).unwrap_or_else(|e| panic!("{template}: {e:?}"))
    }

    // Each expectation below is what Ruby's ERB renders in trim mode `-`
    // with the same instance variables (Ruby 3.1, Debian's Puppet's):
    // `ruby scripts/erb-with-ruby.rb` prints them.

    #[test]
    fn trim_mode_dash_drops_the_newline_after_and_the_indent_before() {
        assert_eq!(
            rendered("a\n  <%- if true -%>\nb\n<% end -%>\nc\n"),
            "a\nb\nc\n"
        );
        assert_eq!(rendered("x <%- if true -%>y<% end %>\n"), "x y\n");
        assert_eq!(
            rendered("<%# comment -%>\n<%% literal %>\n"),
            "<% literal %>\n"
        );
    }

    #[test]
    fn blocks_iterate_arrays_and_hashes() {
        assert_eq!(
            rendered("<% @servers.each do |s| -%>\nserver <%= s %>\n<% end -%>\n"),
            "server a\nserver b\n"
        );
        assert_eq!(
            rendered("<%= @settings.keys.sort.map { |k| \"#{k}=#{@settings[k]}\" }.join(',') %>"),
            "a=,z=1"
        );
        assert_eq!(
            rendered("<% @settings.sort.each do |k, v| %><%= k %>:<%= v.inspect %> <% end %>"),
            "a:nil z:1 "
        );
    }

    #[test]
    fn values_print_as_ruby_prints_them() {
        assert_eq!(
            rendered("<%= @servers %>|<%= @settings %>|<%= @nothing %>|<%= [1.0, 'q\"'] %>"),
            "[\"a\", \"b\"]|{\"z\"=>1, \"a\"=>nil}||[1.0, \"q\\\"\"]"
        );
        assert_eq!(
            rendered("<%= 7 / 2 %> <%= -7 / 2 %> <%= -7 % 3 %> <%= 2.5 * 2 %> <%= 'ab' * 2 %>"),
            "3 -4 2 5.0 abab"
        );
    }

    #[test]
    fn truth_is_ruby_truth() {
        // An empty string is true in Ruby, unlike in Puppet.
        assert_eq!(rendered("<% if @empty %>yes<% end %>"), "yes");
        assert_eq!(
            rendered("<% if defined?(@nothing) %>yes<% else %>no<% end %>"),
            "no"
        );
        assert_eq!(rendered("<%= @port > 79 ? 'high' : 'low' %>"), "high");
        assert_eq!(
            rendered("<%= Array(@nothing).empty? && !@servers.empty? %>"),
            "true"
        );
    }

    #[test]
    fn methods_return_splats_and_nested_assignment() {
        assert_eq!(
            rendered(
                "<%- def line(key, value = 'none')\n    return \"#{key}: -\" unless value\n    \"#{key}: #{value}\"\n  end -%>\n<%= line('a', 1) %> <%= line('b', nil) %> <%= line('c') %>"
            ),
            "a: 1 b: - c: none"
        );
        assert_eq!(
            rendered("<%- def first_server\n    @servers.each { |s| return s.upcase }\n    'none'\n  end -%><%= first_server %>"),
            "A"
        );
        assert_eq!(
            rendered("<%= [*@servers, *@nothing, *@port].join(',') %>"),
            "a,b,80"
        );
        assert_eq!(
            rendered("<% config = {} %><% config['a'] = {} %><% config['a']['b'] = [1] %><% config['a']['b'][0] = 2 %><%= config %>"),
            "{\"a\"=>{\"b\"=>[2]}}"
        );
        assert_eq!(
            rendered("<%- k, v = 'a=b'.split('=') -%><%= v %><%= k %> <%= @servers.include? 'a' %> <%= 'x y'.include? \" \" %>"),
            "ba true true"
        );
        assert_eq!(
            rendered("<%- raise Puppet::Error, 'no port' unless @port -%>ok"),
            "ok"
        );
        // What changes its receiver in place changes the local.
        assert_eq!(
            rendered("<%- s = ''; l = []; h = {'a' => 1}; @servers.each { |x| s << x; l.push(x) }; h.merge!('b' => 2) -%><%= s %> <%= l %> <%= h %>"),
            "ab [\"a\", \"b\"] {\"a\"=>1, \"b\"=>2}"
        );
        assert_eq!(
            rendered("<%= { 'list' => @servers, 'port' => @port, 'on' => true, 'none' => nil, 'text' => \"a: b\" }.to_yaml %>"),
            "---\nlist:\n- a\n- b\nport: 80\n'on': true\nnone:\ntext: 'a: b'\n"
        );
        assert_eq!(
            rendered("<% if /^(.*)match$/ =~ 'locationmatch' -%><%= $1.capitalize %><% end -%> <% env ||= \"x\" if @nothing -%><% env ||= 'y' -%><%= env %> <%= Regexp.escape('a.b *c/d') %>"),
            "Location y a\\.b\\ \\*c/d"
        );
        assert_eq!(
            rendered("<%= 'Yes' =~ /true|yes/i ? 'on' : 'off' %> <%= /a.b/mi.inspect %> <%= /x/i.to_s %> <%= '/etc'.chars.first %>"),
            "on /a.b/mi (?i-mx:x) /"
        );
        assert_eq!(
            rendered("<% if 'location'.match('(directory|location)') -%>yes <%= 'abc'.match('b') %><% end -%><%= 'x'.match('y').inspect %>"),
            "yes bnil"
        );
        assert_eq!(
            rendered("<%- def sorted(hash, deep = true, &block)\n    hash.keys.sort(&block).reduce({}) do |memo, key|\n      memo[key] = hash[key]\n      memo\n    end\n  end\n  def number(text)\n    Integer(text) rescue Float(text) rescue text\n  end -%><%= sorted({'b' => 1, 'a' => 2}) %> <%= [number('3'), number('2.5'), number('x')].inspect %>"),
            "{\"a\"=>2, \"b\"=>1} [3, 2.5, \"x\"]"
        );
        assert_eq!(
            rendered("<%= position = 0; [[1, 2]].map do |pair| pair.map { |x| position = position + x; { \"k#{x}\" => position } } end.flatten.reduce({}, :update) %> <%= 'to web'[/\\Ato (.*)/, 1] %>"),
            "{\"k1\"=>1, \"k2\"=>3} web"
        );
        // What pfacts does not read is no Ruby exception: rescue does not
        // hide it.
        let mut host = Variables(Vec::new());
        assert!(render("<%= @x.frobnicate rescue 'fallback' %>", &mut host).is_err());
        // A method calling itself for ever is refused, not a stack overflow.
        let mut host = Variables(Vec::new());
        assert!(render("<% def f\n f\n end %><%= f %>", &mut host).is_err());
    }

    #[test]
    fn what_pfacts_does_not_evaluate_is_said() {
        let mut host = Variables(Vec::new());
        assert!(render("<%= @x.frobnicate %>", &mut host).is_err());
        assert!(render("<% while true %><% end %>", &mut host).is_err());
        assert!(render("<%= @undefined.join(',') %>", &mut host).is_err());
        let deep = format!("<%= {}1{} %>", "(".repeat(100_000), ")".repeat(100_000));
        assert!(render(&deep, &mut host).is_err());
        let strings = format!("<%= {}{} %>", "\"#{".repeat(50_000), "}\"".repeat(50_000));
        assert!(render(&strings, &mut host).is_err());
    }
}
