/**
 * @file Puppet language grammar for pfacts.
 *
 * Follows Puppet 7's parser (egrammar.ra and lexer2.rb) so that every program
 * Puppet accepts parses, and adds the `private` access modifier of the
 * language specification ("Names, Scope and Access Control", Access
 * Control), which Puppet itself never shipped.
 *
 * Where Puppet decides in its lexer with look-behind (regex versus division,
 * `[` after white space starting a new array), the grammar does the same
 * through `token.immediate` and the external scanner.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

// Binding strength, tightest last, in the order of Puppet's `prechigh` table.
const PREC = {
  assignment: -2,
  relationship: -1,
  or: 1,
  and: 2,
  // `$a == 1 ? { ... }` selects on the comparison, `$a and $b ? { ... }`
  // on `$b`: QMARK sits between AND and the comparisons.
  selector: 3,
  comparison: 4,
  equality: 5,
  shift: 6,
  additive: 7,
  multiplicative: 8,
  match: 9,
  in: 10,
  unary: 11,
  not: 12,
  collector: 13,
  access: 14,
  call: 15,
  member: 16,
};

// Words that Puppet's lexer always reads as keywords; any of them may name
// an attribute.
const KEYWORDS = [
  'and', 'attr', 'case', 'class', 'default', 'define', 'else', 'elsif',
  'false', 'function', 'if', 'in', 'inherits', 'node', 'or', 'private',
  'true', 'type', 'undef', 'unless',
];

// Keywords that Puppet reserves for future use; as values they are words.
const RESERVED_WORDS = ['attr', 'function', 'private', 'type'];

// The functions that Puppet lets a statement call without parentheses.
const STATEMENT_FUNCTIONS = [
  'break', 'contain', 'debug', 'err', 'fail', 'import', 'include', 'info',
  'next', 'notice', 'realize', 'require', 'return', 'tag', 'warning',
];

module.exports = grammar({
  name: 'puppet',

  extras: $ => [
    // Puppet's whitespace (lexer2.rb, PATTERN_WS and the newline): Ruby's
    // [[:blank:]] on UTF-8 text, that is the tab and Unicode's space
    // separators (the no-break space among them), the carriage return and
    // the newline. Not the vertical tab or form feed, which Puppet refuses.
    /[ \t\r\n\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/,
    $.comment,
    $.heredoc_body,
  ],

  externals: $ => [
    // Text of a double-quoted string between escapes and interpolations.
    $.string_content,
    // `${` in a string or heredoc body.
    $._interpolation_start,
    // The bare word right after `${` when it is not called: Puppet reads
    // `${x}`, `${x[0]}` and `${type}` as the variable `$x` (`$type`).
    $._interpolated_name,
    // The end tag of `@(TAG)`; the scanner remembers it, its interpolation
    // and its escapes until the body has been read.
    $.heredoc_tag,
    // The newline that ends the line of a heredoc's header: its body starts.
    $._heredoc_body_start,
    // Text of a heredoc body between escapes and interpolations.
    $.heredoc_content,
    // The line that closes a heredoc body (`|- END`).
    $.heredoc_end,
    // `/.../`, only where Puppet's lexer accepts a regex (not after a value).
    $.regex,
    // `/` as division, only after a value.
    $._division,
    // `-` and `*` after a value: the operators, as Puppet's parser reads
    // `$a - 1` (not `$a` followed by the statement `-1`).
    $._binary_minus,
    $._binary_times,
    // Never produced: marks error recovery, when every token is valid.
    $._error_sentinel,
  ],

  word: $ => $.name,

  reserved: {
    global: _ => KEYWORDS,
    // Attribute names may be any word, keywords included.
    attribute_name: _ => [],
  },

  conflicts: $ => [
    [$._statement_arguments, $.resource, $.resource_override],
    [$._statement_arguments, $.resource, $.resource_defaults],
    [$.resource_override, $.hash],
    [$.attribute_name, $.pair],
    [$.resource_defaults, $.hash],
    [$._statements, $.statement_call, $._statement_arguments],
    [$._statements, $.statement_call, $._statement_arguments, $.resource],
    [$._statements, $._statement_arguments, $.resource, $.resource_override],
    [$._statements, $._statement_arguments, $.resource, $.resource_defaults],
    [$._statements, $._statement_arguments, $.resource],
    [$._statements, $._statement_arguments],
    [$._statements, $.statement_call],
    [$._statements, $.statement_call, $.resource],
    [$._statements, $.resource, $.resource_override],
    [$._statements, $.resource, $.resource_defaults],
    [$._statements, $.resource],
    [$.selector_case, $.pair],
    [$._statement_arguments, $.resource],
    [$.block, $.hash],
  ],

  // Levels of the precedence ladder and plain choices stay out of the tree:
  // every hidden node there costs each walk of it.
  inline: $ => [
    $._assignment_level,
    $._relationship_level,
    $._resource_level,
    $._primary,
    $._element,
    $._node_matcher,
    $._type_expression,
    $._statement,
    $._expression,
    $._attributes,
  ],

  rules: {
    // ------------------------------------------------------------------
    // Program and statements
    // ------------------------------------------------------------------

    source_file: $ => optional($._statements),

    // Statements follow each other with or without `;` between them; a
    // leading, trailing or doubled `;` is an error, as in Puppet.
    _statements: $ => seq($._statement, repeat(seq(optional(';'), $._statement))),

    _statement: $ => choice(
      $.class_definition,
      $.define_definition,
      $.node_definition,
      $.function_definition,
      $.type_alias,
      $.type_definition,
      $.statement_call,
      alias($._private_assignment, $.assignment),
      $._assignment_level,
    ),

    block: $ => seq('{', optional($._statements), '}'),

    // `include a, b`, `notice $x`: a statement function followed by
    // arguments without parentheses. Any other name followed by a value is
    // two statements, as in Puppet.
    // The dynamic precedence keeps the call when a comment after it
    // leaves both readings alive until the next statement.
    statement_call: $ => prec.dynamic(1, prec.right(seq(
      field('function', $._statement_function),
      field('arguments', alias($._statement_arguments, $.arguments)),
    ))),

    // The names of statement functions are keywords only where a statement
    // starts; anywhere else they are plain names (`tag == 'x'`).
    _statement_function: $ => alias(choice(...STATEMENT_FUNCTIONS), $.name),

    _statement_arguments: $ => prec.right(commaSep1($._assignment_level)),

    // ------------------------------------------------------------------
    // Definitions
    // ------------------------------------------------------------------

    class_definition: $ => seq(
      optional(field('access', $.access_modifier)),
      'class',
      field('name', $.name),
      optional(field('parameters', $.parameter_list)),
      optional(seq('inherits', field('parent', choice($.name, alias('default', $.name))))),
      field('body', $.block),
    ),

    define_definition: $ => seq(
      optional(field('access', $.access_modifier)),
      'define',
      field('name', $.name),
      optional(field('parameters', $.parameter_list)),
      field('body', $.block),
    ),

    node_definition: $ => seq(
      'node',
      commaSep1(field('matcher', $._node_matcher)),
      optional(','),
      optional(seq('inherits', field('parent', $._node_matcher))),
      field('body', $.block),
    ),

    _node_matcher: $ => choice(
      $.node_name,
      $.string,
      $.interpolated_string,
      $.regex,
      $.default,
    ),

    // Dotted names and numbers: `www.example.com`, `192.168.0.1`, `web-01`;
    // like Puppet, a sequence of tokens joined by dots.
    node_name: $ => prec.right(seq(
      $._node_name_part,
      repeat(seq('.', $._node_name_part)),
    )),

    _node_name_part: $ => choice($.name, $.integer, $.float),

    function_definition: $ => seq(
      optional(field('access', $.access_modifier)),
      'function',
      field('name', choice($.name, $.type_reference)),
      optional(field('parameters', $.parameter_list)),
      optional(seq('>>', field('return_type', $._type_expression))),
      field('body', $.block),
    ),

    // `type Name = Type`, and type mappings `type Runtime[ruby, 'X'] = Y`;
    // `type Name = Object { ... }` gives the type's parameters without
    // brackets (Puppet's `type hash` alternative).
    type_alias: $ => prec.right(seq(
      'type',
      field('name', $._type_expression),
      '=',
      choice(
        field('type', choice($._type_expression, $.array, $.hash)),
        seq(field('type', $.type_reference), field('body', $.hash)),
      ),
    )),

    // `type Name inherits Parent { ... }` with either Puppet's object type
    // body (hash entries) or the statements of the type proposal
    // (the ARM "Puppet Types", its grammar): attr, has, invariant, abstract.
    type_definition: $ => seq(
      'type',
      field('name', choice($.type_reference, $.name)),
      optional(seq('inherits', field('parent', $._type_expression))),
      field('body', choice(
        alias($._object_type_body, $.hash),
        $.type_body,
      )),
    ),

    _object_type_body: $ => seq('{', optional(seq(commaSep1($.pair), optional(','))), '}'),

    type_body: $ => seq('{', repeat1($._type_statement), '}'),

    _type_statement: $ => choice(
      $.attribute_declaration,
      $.reference_declaration,
      $.invariant,
      $.abstract,
    ),

    attribute_declaration: $ => seq(
      'attr',
      field('name', $.name),
      optional(seq(',', field('type', $._type_expression))),
      optional(field('settings', $.feature_settings)),
    ),

    reference_declaration: $ => seq(
      'has',
      field('name', $.name),
      ',',
      field('type', $._type_expression),
      optional(field('settings', $.feature_settings)),
    ),

    feature_settings: $ => seq(
      '{',
      optional(':'),
      optional(seq(commaSep1(field('setting', $.feature_setting)), optional(','))),
      '}',
    ),

    // `min => 1`, `check => { ... }`, `derived => |$x| { ... }`
    feature_setting: $ => seq(
      field('name', reserved('attribute_name', $.name)),
      '=>',
      field('value', choice($._expression, $.block, $.lambda)),
    ),

    invariant: $ => seq(
      'invariant',
      optional(field('message', $.interpolated_string)),
      field('check', choice($.block, $.lambda)),
    ),

    abstract: _ => 'abstract',

    access_modifier: _ => 'private',

    parameter_list: $ => seq(
      '(',
      optional(seq(commaSep1($.parameter), optional(','))),
      ')',
    ),

    parameter: $ => seq(
      optional(field('access', $.access_modifier)),
      optional(field('type', $._type_expression)),
      optional(field('splat', '*')),
      field('name', $.variable),
      optional(seq('=', field('default', $._expression))),
    ),

    _type_expression: $ => choice(
      $.type_reference,
      alias($._type_access, $.access),
    ),

    // Puppet's `access_args` take `key => value` entries here too:
    // `type T = Object[name => 'T', attributes => {...}]`.
    _type_access: $ => seq(
      field('target', $.type_reference),
      token.immediate('['),
      commaSep1(field('index', choice($._expression, $.pair))),
      optional(','),
      ']',
    ),

    // ------------------------------------------------------------------
    // Assignment, relationships and resources
    // ------------------------------------------------------------------

    _assignment_level: $ => choice(
      $.assignment,
      $._relationship_level,
    ),

    assignment: $ => prec.right(PREC.assignment, seq(
      field('left', $._relationship_level),
      field('operator', choice('=', '+=', '-=')),
      field('right', $._assignment_level),
    )),

    // `private $v = 1` in top, node and class scope.
    _private_assignment: $ => prec.right(PREC.assignment, seq(
      field('access', $.access_modifier),
      field('left', $.variable),
      field('operator', '='),
      field('right', $._assignment_level),
    )),

    _relationship_level: $ => choice(
      $.relationship,
      $._resource_level,
    ),

    relationship: $ => prec.left(PREC.relationship, seq(
      field('left', $._relationship_level),
      field('operator', choice('->', '~>', '<-', '<~')),
      field('right', $._resource_level),
    )),

    _resource_level: $ => choice(
      $.resource,
      $.resource_defaults,
      $.resource_override,
      $._expression,
    ),

    // `file { 'a': mode => '0644'; 'b': }`, `@user { ... }`, `class { 'x': }`.
    // The type is any expression, as in Puppet: `Resource[$t] { ... }` and
    // `File { 'x': }` are resources, and what is not a type fails later.
    resource: $ => seq(
      optional(field('form', choice('@', '@@'))),
      field('type', choice($._expression, alias('class', $.name))),
      '{',
      sepBy1(';', field('body', $.resource_body)),
      optional(';'),
      '}',
    ),

    resource_body: $ => seq(
      field('title', $._expression),
      ':',
      optional(','),
      optional($._attributes),
    ),

    // `File { mode => '0644' }`
    resource_defaults: $ => prec.dynamic(1, seq(
      field('type', $.type_reference),
      '{',
      optional($._attributes),
      '}',
    )),

    // `File['a'] { ... }`, `$ref { ... }`, `Resource['file', 'a'] { ... }`.
    // Never a reference followed by a hash: Puppet's LALR parser shifts
    // the `{`, as for defaults.
    resource_override: $ => prec.dynamic(1, seq(
      field('target', choice($.access, $.variable)),
      '{',
      optional($._attributes),
      '}',
    )),

    _attributes: $ => seq(commaSep1(field('attribute', $.attribute)), optional(',')),

    attribute: $ => seq(
      field('name', choice($.attribute_name, alias('*', $.splat_name))),
      field('operator', choice('=>', '+>')),
      field('value', $._expression),
    ),

    // Any word, keywords and statement functions (`require`) included.
    attribute_name: $ => choice(reserved('attribute_name', $.name), $._statement_function),

    // `File <| tag == 'x' |> { mode => '0600' }`
    collector: $ => prec.right(PREC.collector, seq(
      field('type', $.type_reference),
      field('query', choice($.collect_query, $.exported_collect_query)),
      optional(seq('{', optional($._attributes), '}')),
    )),

    collect_query: $ => seq('<|', optional(field('condition', $._expression)), '|>'),

    exported_collect_query: $ => seq('<<|', optional(field('condition', $._expression)), '|>>'),

    // ------------------------------------------------------------------
    // Expressions
    // ------------------------------------------------------------------

    _expression: $ => choice(
      $.binary,
      $.unary,
      $.selector,
      $.collector,
      $._primary,
    ),

    binary: $ => choice(
      ...[
        ['or', PREC.or],
        ['and', PREC.and],
        ['<', PREC.comparison],
        ['<=', PREC.comparison],
        ['>', PREC.comparison],
        ['>=', PREC.comparison],
        ['==', PREC.equality],
        ['!=', PREC.equality],
        ['<<', PREC.shift],
        ['>>', PREC.shift],
        ['+', PREC.additive],
        [alias($._binary_minus, '-'), PREC.additive],
        [alias($._binary_times, '*'), PREC.multiplicative],
        [alias($._division, '/'), PREC.multiplicative],
        ['%', PREC.multiplicative],
        ['=~', PREC.match],
        ['!~', PREC.match],
        ['in', PREC.in],
      ].map(([operator, precedence]) => prec.left(precedence, seq(
        field('left', $._expression),
        field('operator', operator),
        field('right', $._expression),
      ))),
    ),

    unary: $ => choice(
      prec(PREC.unary, seq(field('operator', '-'), field('operand', $._expression))),
      prec(PREC.unary, seq(field('operator', '*'), field('operand', $._expression))),
      prec.right(PREC.not, seq(field('operator', '!'), field('operand', $._expression))),
    ),

    // `$x ? { 'a' => 1, default => 2 }`
    selector: $ => prec.left(PREC.selector, seq(
      field('value', $._expression),
      '?',
      choice(
        seq('{', optional(seq(commaSep1(field('case', $.selector_case)), optional(','))), '}'),
        field('case', $.selector_case),
      ),
    )),

    selector_case: $ => seq(
      field('match', $._expression),
      '=>',
      field('value', $._expression),
    ),

    _primary: $ => choice(
      $.variable,
      alias($._interpolated_name, $.variable),
      $.name,
      $._statement_function,
      $.type_reference,
      $.integer,
      $.float,
      $.true,
      $.false,
      $.undef,
      $.default,
      $.string,
      $.interpolated_string,
      $.heredoc,
      $.regex,
      $.array,
      $.hash,
      $.access,
      $.call,
      $.method_call,
      $.parenthesized,
      $.if,
      $.unless,
      $.case,
      $.reserved_word,
    ),

    // Puppet reserves these words; as values they are an error it reports.
    reserved_word: _ => prec(-1, choice(...RESERVED_WORDS)),

    parenthesized: $ => seq('(', field('expression', $._assignment_level), ')'),

    // `$x[1]`, `$h['a']['b']`, `Optional[String[1]]`. A `[` after white
    // space starts a new array, as in Puppet's lexer.
    access: $ => prec(PREC.access, seq(
      field('target', $._expression),
      token.immediate('['),
      commaSep1(field('index', choice($._expression, $.pair))),
      optional(','),
      ']',
    )),

    // `f(1, 2)`, `String($x)`, `each($a) |$x| { }`
    // Preferred over a statement call with a parenthesized argument:
    // `notice($x)` is a call.
    call: $ => prec.dynamic(1, prec.right(PREC.call, seq(
      field('function', choice(
        $.name,
        $._statement_function,
        $.type_reference,
        alias('type', $.name),
        // `Integer[1, 5]('3')`: a parameterized type's `new`.
        $.access,
      )),
      field('arguments', $.arguments),
      optional(field('lambda', $.lambda)),
    ))),

    // `$a.each |$k, $v| { }`, `$x.length`, `$s.split(',')`
    method_call: $ => prec.right(PREC.member, seq(
      field('receiver', $._expression),
      '.',
      field('method', choice($.name, alias(choice(...RESERVED_WORDS), $.name))),
      optional(field('arguments', $.arguments)),
      optional(field('lambda', $.lambda)),
    )),

    arguments: $ => prec(1, seq(
      '(',
      optional(seq(commaSep1($._element), optional(','))),
      ')',
    )),

    // An element of an array, argument list or index; `a => 1` entries
    // there form a hash, as in Puppet.
    _element: $ => choice($._assignment_level, $.pair),

    lambda: $ => seq(
      field('parameters', $.lambda_parameters),
      optional(seq('>>', field('return_type', $._type_expression))),
      field('body', $.block),
    ),

    lambda_parameters: $ => choice(
      '||',
      seq('|', optional(seq(commaSep1($.parameter), optional(','))), '|'),
    ),

    if: $ => seq(
      'if',
      field('condition', $._expression),
      field('consequence', $.block),
      repeat(field('alternative', $.elsif)),
      optional(field('alternative', $.else)),
    ),

    elsif: $ => seq(
      'elsif',
      field('condition', $._expression),
      field('consequence', $.block),
    ),

    else: $ => seq('else', field('body', $.block)),

    unless: $ => seq(
      'unless',
      field('condition', $._expression),
      field('consequence', $.block),
      optional(field('alternative', $.else)),
    ),

    case: $ => seq(
      'case',
      field('value', $._expression),
      '{',
      repeat(field('option', $.case_option)),
      '}',
    ),

    case_option: $ => seq(
      commaSep1(field('match', $._expression)),
      optional(','),
      ':',
      field('body', $.block),
    ),

    array: $ => seq(
      '[',
      optional(seq(commaSep1($._element), optional(','))),
      ']',
    ),

    hash: $ => seq(
      '{',
      optional(seq(commaSep1($.pair), optional(','))),
      '}',
    ),

    pair: $ => seq(
      field('key', $._assignment_level),
      '=>',
      field('value', $._assignment_level),
    ),

    // ------------------------------------------------------------------
    // Strings and heredocs
    // ------------------------------------------------------------------

    string: _ => token(seq("'", repeat(choice(/[^'\\]+/, /\\(.|\n)/)), "'")),

    interpolated_string: $ => seq(
      '"',
      repeat(choice(
        $.string_content,
        $.escape_sequence,
        $.interpolation,
        alias($._interpolated_variable, $.variable),
      )),
      '"',
    ),

    escape_sequence: _ => token.immediate(seq(
      '\\',
      choice(/u\{[0-9a-fA-F]+\}/, /u[0-9a-fA-F]{4}/, /[^u]/, 'u'),
    )),

    // `${expr}`. A leading bare word names a variable (`${x}`, `${x[0]}`,
    // `${x.y}`) unless it is called (`${f()}`), as in Puppet's lexer: such a
    // variable's text has no `$`.
    interpolation: $ => seq(
      alias($._interpolation_start, '${'),
      optional(field('expression', $._assignment_level)),
      '}',
    ),

    _interpolated_variable: _ => token.immediate(/\$(::)?([a-zA-Z0-9_]+::)*[a-zA-Z0-9_]+/),

    // `@("END":json/tsn$uL)`: the header stands in the expression, its body
    // (`heredoc_body`) follows the end of the line, in document order.
    heredoc: $ => seq(
      '@(',
      field('tag', $.heredoc_tag),
      optional(seq(':', field('syntax', $.heredoc_syntax))),
      optional(seq('/', optional(field('flags', $.heredoc_flags)))),
      ')',
    ),

    heredoc_syntax: _ => /[a-z][a-zA-Z0-9_+]*/,

    heredoc_flags: _ => /[trnsuL$]+/,

    heredoc_body: $ => seq(
      $._heredoc_body_start,
      repeat(choice(
        $.heredoc_content,
        $.escape_sequence,
        $.interpolation,
        alias($._interpolated_variable, $.variable),
      )),
      field('end', $.heredoc_end),
    ),

    // ------------------------------------------------------------------
    // Names and literals
    // ------------------------------------------------------------------

    // Puppet's bare word: lower-case segments, `-` allowed inside a segment.
    name: _ => /(::)?[a-z_]([a-zA-Z0-9_-]*[a-zA-Z0-9_])?(::[a-z_]([a-zA-Z0-9_-]*[a-zA-Z0-9_])?)*/,

    type_reference: _ => /(::)?[A-Z][a-zA-Z0-9_]*(::[A-Z][a-zA-Z0-9_]*)*/,

    variable: _ => /\$(::)?([a-zA-Z0-9_]+::)*[a-zA-Z0-9_]+/,

    integer: _ => /0[xX][0-9a-fA-F]+|[0-9]+/,

    float: _ => /[0-9]+\.[0-9]+([eE]-?[0-9]+)?|[0-9]+[eE]-?[0-9]+/,

    true: _ => 'true',
    false: _ => 'false',
    undef: _ => 'undef',
    default: _ => 'default',

    comment: _ => token(choice(
      seq('#', /[^\r\n]*/),
      seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/'),
    )),
  },
});

/**
 * One or more `rule`, separated by commas.
 * @param {RuleOrLiteral} rule
 */
function commaSep1(rule) {
  return sepBy1(',', rule);
}

/**
 * One or more `rule`, separated by `separator`.
 * @param {RuleOrLiteral} separator
 * @param {RuleOrLiteral} rule
 */
function sepBy1(separator, rule) {
  return seq(rule, repeat(seq(separator, rule)));
}
