//! The closed vocabularies of the facts' columns: a column whose values are
//! a fixed set of words (a scope's kind, how a class is declared, an
//! attribute's operator) is an enum, so that the stages after extraction
//! match on it and never parse text back. Exported facts show each value
//! as its word (`name`), as they always did.

/// Declares an enum column: the enum, the word of each value (`name`), the
/// value of a word (`from_name`, for the extractor, which reads words in
/// the source), and its [`Column`] implementation (exported as text).
macro_rules! word_column {
    (
        $(#[doc = $doc:literal])+
        $name:ident {
            $($(#[doc = $variant_doc:literal])* $variant:ident = $word:literal),+ $(,)?
        }
    ) => {
        $(#[doc = $doc])+
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name {
            $($(#[doc = $variant_doc])* $variant),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's word, as exported.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $word),+
                }
            }

            /// The value whose word is `word`.
            pub fn from_name(word: &str) -> Option<$name> {
                match word {
                    $($word => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl $crate::facts::schema::Column for $name {
            const TYPE: &'static str = "text";
            const SYMBOL: bool = true;
            fn remap(&mut self, _: &$crate::facts::schema::Remap) {}
            fn value<'a>(
                &self,
                _: &'a $crate::facts::intern::Interner,
            ) -> $crate::facts::schema::Value<'a> {
                $crate::facts::schema::Value::Text(self.name())
            }
        }
    };
}
pub(crate) use word_column;

word_column! {
    /// A scope's kind: the `kind` column of `scope`.
    ScopeKind {
        Top = "top",
        Node = "node",
        Class = "class",
        Define = "define",
        Lambda = "lambda",
        Function = "function",
        /// The top-level code of a module's example or test manifest
        /// (`examples/`, `tests/`, `spec/`), applied alone (`puppet apply
        /// tests/init.pp`): an entry point of its own, like a node's body,
        /// whose variables and defaults reach only what it declares.
        Example = "example",
        /// The code of an EPP template file, rendered by `epp()`: it sees
        /// its parameters and top and node scope, not the variables of the
        /// scope that renders it (Puppet's `EppEvaluator` evaluates it in
        /// the global scope).
        Template = "template",
    }
}

word_column! {
    /// What pfacts could make of a `modulepath` entry.
    ModulepathState {
        /// A directory among the analyzed paths: its modules are read.
        Read = "read",
        /// A directory outside the analyzed paths: its modules are not read.
        Outside = "outside",
        /// No such directory here: a path on the server, or a Puppetfile's
        /// `moduledir` before r10k ran.
        Missing = "missing",
        /// A Puppet setting (`$basemodulepath`), resolved on the server.
        Setting = "setting",
    }
}

word_column! {
    /// What a `definition` defines.
    DefinitionKind {
        Class = "class",
        Define = "define",
        Node = "node",
        /// A function written in Puppet.
        Function = "function",
        /// `type A = ...`.
        TypeAlias = "type_alias",
        /// `type Runtime[...] = ...`.
        TypeMapping = "type_mapping",
        /// `type A { ... }`.
        TypeDefinition = "type_definition",
    }
}

impl DefinitionKind {
    /// A type alias, mapping or definition.
    pub fn is_type(self) -> bool {
        matches!(
            self,
            DefinitionKind::TypeAlias
                | DefinitionKind::TypeMapping
                | DefinitionKind::TypeDefinition
        )
    }
}

word_column! {
    /// How a node matcher is written: the `form` column of `node_matcher`.
    NodeMatcherForm {
        /// Dotted names and numbers, joined (`web01.example.com`).
        Name = "name",
        /// A quoted string.
        String = "string",
        /// A regular expression, kept with its slashes.
        Regex = "regex",
        /// `default`.
        Default = "default",
    }
}

word_column! {
    /// How a class or define is made private: the `how` column of
    /// `privacy`.
    PrivacyHow {
        /// The `private` modifier ("Names, Scope and Access Control",
        /// Access Control).
        Keyword = "keyword",
        /// stdlib's `assert_private()` in the body.
        AssertPrivate = "assert_private",
        /// `@api private` in the doc comment (puppet-strings).
        ApiTag = "api_tag",
    }
}

impl PrivacyHow {
    /// As a reader knows it, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            PrivacyHow::Keyword => "the `private` keyword",
            PrivacyHow::AssertPrivate => "`assert_private()`",
            PrivacyHow::ApiTag => "`@api private`",
        }
    }
}

word_column! {
    /// How a scope declares a class: the `how` column of `declares` and
    /// `declares_dynamic`.
    DeclarationHow {
        Include = "include",
        Require = "require",
        Contain = "contain",
        /// `class { 'x': }`.
        ResourceLike = "resource_like",
    }
}

word_column! {
    /// A resource expression's form: the `form` column of
    /// `resource_expression`.
    ResourceForm {
        Regular = "regular",
        /// `@type { ... }`.
        Virtual = "virtual",
        /// `@@type { ... }`.
        Exported = "exported",
    }
}

word_column! {
    /// An attribute's operator: the `op` column of `resource_attr`,
    /// `resource_default`, `resource_override` and `collector_attr`.
    AttributeOp {
        /// `=>`: sets the attribute.
        Set = "=>",
        /// `+>`: adds to what the attribute already holds.
        Append = "+>",
    }
}

word_column! {
    /// How an ordering is written: the `arrow` column of `relationship`.
    Arrow {
        /// `a -> b`.
        Order = "->",
        /// `a ~> b`.
        Notify = "~>",
        /// `b <- a`.
        OrderBack = "<-",
        /// `b <~ a`.
        NotifyBack = "<~",
        /// The `before` metaparameter.
        BeforeParameter = "before",
        /// The `require` metaparameter.
        RequireParameter = "require",
        /// The `notify` metaparameter.
        NotifyParameter = "notify",
        /// The `subscribe` metaparameter.
        SubscribeParameter = "subscribe",
    }
}

word_column! {
    /// Why the catalog must hold a resource: the `how` column of
    /// `required_resource`.
    RequiredHow {
        /// An endpoint of `->`, `~>`, `<-` or `<~`.
        Arrow = "arrow",
        /// A value of `before`, `require`, `notify` or `subscribe`.
        Metaparameter = "metaparameter",
        /// An argument of `realize`.
        Realize = "realize",
    }
}

word_column! {
    /// How code names a file of a module: the `how` column of
    /// `file_reference`.
    FileReferenceHow {
        /// `template('m/x.erb')`: `m/templates/x.erb`.
        Template = "template",
        /// `epp('m/x.epp')`: `m/templates/x.epp`.
        Epp = "epp",
        /// `file('m/x')`: `m/files/x`.
        File = "file",
        /// A `file` resource's `source => 'puppet:///modules/m/x'`:
        /// `m/files/x`, which the agent fetches.
        Source = "source",
    }
}

word_column! {
    /// What an `epp()` call gives its template as arguments: the `form`
    /// column of `epp_arguments`.
    EppArgumentsForm {
        /// A literal hash whose keys are literal (`epp_argument` names
        /// them).
        Literal = "literal",
        /// Another expression: any name may be bound.
        Computed = "computed",
    }
}

word_column! {
    /// What a string assigned to a variable is to arithmetic: the `form`
    /// column of `string_value`.
    StringForm {
        /// A literal that Puppet reads as a number (`'8000'`, `'0x1F'`).
        Number = "number",
        /// No number, whatever its interpolations give: arithmetic on it
        /// fails.
        NotNumber = "not_number",
        /// Interpolated: a number or not, only the evaluator knows.
        Computed = "computed",
    }
}

impl FileReferenceHow {
    /// The module directory where Puppet looks for the file.
    pub fn directory(self) -> ModuleDirectory {
        match self {
            FileReferenceHow::Template | FileReferenceHow::Epp => ModuleDirectory::Templates,
            FileReferenceHow::File | FileReferenceHow::Source => ModuleDirectory::Files,
        }
    }
}

word_column! {
    /// A module directory whose files Puppet finds by `module/name`: the
    /// `directory` column of `module_file`.
    ModuleDirectory {
        Files = "files",
        Templates = "templates",
    }
}

word_column! {
    /// How a resource reference names its type: the `written` column of
    /// `resource_ref`.
    RefForm {
        /// `Nosuch['t']`: Puppet looks the type up where the reference is
        /// evaluated, and fails when it is not found.
        Type = "type",
        /// `Resource['nosuch', 't']`: a name, looked up only when used.
        Resource = "resource",
    }
}

word_column! {
    /// How a function is called: the `form` column of `call`.
    CallForm {
        /// `f(x)`.
        Prefix = "prefix",
        /// `$x.f`.
        Method = "method",
        /// `include x`, without parentheses.
        Statement = "statement",
    }
}

word_column! {
    /// What kind of name a `known` row gives.
    KnownKind {
        ResourceType = "resource_type",
        Function = "function",
        Fact = "fact",
        TypeAlias = "type_alias",
        Class = "class",
    }
}

word_column! {
    /// What a suppression comment says: the `directive` column of
    /// `suppression`.
    Directive {
        /// `# pfacts:ignore`.
        Ignore = "ignore",
        /// `# pfacts:ignore-start`.
        Start = "ignore-start",
        /// `# pfacts:ignore-end`.
        End = "ignore-end",
    }
}

word_column! {
    /// How a fact is read by its name outside a manifest's variables: the
    /// `form` column of `fact_read`. The `*_variable` forms read a variable
    /// that a class may also set; the others can only be the fact.
    FactReadForm {
        /// `$facts['x']` in a manifest.
        FactsHash = "facts_hash",
        /// stdlib's `fact('x.y')`: its first segment.
        FactFunction = "fact_function",
        /// `dig($facts, 'x', ...)` or `$facts.dig('x', ...)`: the first key.
        FactsDig = "facts_dig",
        /// stdlib's `getvar('facts.x.y')`: the segment after `facts`.
        Getvar = "getvar",
        /// `@x` in an ERB template.
        ErbVariable = "erb_variable",
        /// `scope['x']`, `scope['::x']` or `scope.lookupvar('x')` in an
        /// ERB template.
        ErbScope = "erb_scope",
        /// `@facts['x']` or `scope['facts']['x']` in an ERB template.
        ErbFactsHash = "erb_facts_hash",
        /// `%{facts.x}` in `hiera.yaml` or Hiera data.
        HieraFacts = "hiera_facts",
        /// `%{::x}` or `%{x}` in `hiera.yaml` or Hiera data.
        HieraVariable = "hiera_variable",
    }
}

word_column! {
    /// What a top-level value of Hiera data is, when pfacts can tell its
    /// type as Puppet reads it: the `value_kind` column of `hiera_key`.
    DataValue {
        /// A plain string (not one YAML 1.1, which Puppet's parser
        /// speaks, would read as another type: `yes`, `0x1f`, a date).
        String = "string",
        Integer = "integer",
        Float = "float",
        Boolean = "boolean",
        /// An array or hash made only of the values above (and of such
        /// collections), with string keys: `value` holds it as JSON.
        Collection = "collection",
        /// Anything else: `~`, an interpolated string, a string YAML 1.1
        /// may read otherwise, a collection holding one, or a file that is
        /// not YAML.
        Other = "other",
    }
}

word_column! {
    /// What Ruby 3.0 to 3.2 removed that a module's Ruby code calls: the
    /// `api` column of `ruby_removed`. Puppet 7's agent runs Ruby 2.7,
    /// Puppet 8's Ruby 3.2.
    RubyApi {
        /// `File.exists?` (Ruby 3.2; `File.exist?` stays).
        FileExists = "File.exists?",
        /// `Dir.exists?` (Ruby 3.2; `Dir.exist?` stays).
        DirExists = "Dir.exists?",
        /// `Object#taint` (Ruby 3.2).
        Taint = "taint",
        /// `Object#untaint` (Ruby 3.2).
        Untaint = "untaint",
        /// `Object#tainted?` (Ruby 3.2).
        Tainted = "tainted?",
        /// The constant `Fixnum` (Ruby 3.2; `Integer`).
        Fixnum = "Fixnum",
        /// The constant `Bignum` (Ruby 3.2; `Integer`).
        Bignum = "Bignum",
        /// `URI.escape` (Ruby 3.0).
        UriEscape = "URI.escape",
        /// `URI.unescape` (Ruby 3.0).
        UriUnescape = "URI.unescape",
        /// `URI.encode` (Ruby 3.0).
        UriEncode = "URI.encode",
        /// `URI.decode` (Ruby 3.0).
        UriDecode = "URI.decode",
    }
}

impl RubyApi {
    /// The Ruby version that removed it.
    pub fn removed_in(self) -> &'static str {
        if self.gone_from_ruby_3_1() {
            "3.0"
        } else {
            "3.2"
        }
    }

    /// Whether Ruby 3.1 (Puppet Server 8's JRuby 9.4) lacks it too.
    pub fn gone_from_ruby_3_1(self) -> bool {
        matches!(
            self,
            RubyApi::UriEscape | RubyApi::UriUnescape | RubyApi::UriEncode | RubyApi::UriDecode
        )
    }

    /// Whether it is a constant (`NameError` when gone), not a method
    /// (`NoMethodError`).
    pub fn is_constant(self) -> bool {
        matches!(self, RubyApi::Fixnum | RubyApi::Bignum)
    }

    /// What to write instead.
    pub fn advice(self) -> &'static str {
        match self {
            RubyApi::FileExists => "use `File.exist?`",
            RubyApi::DirExists => "use `Dir.exist?`",
            RubyApi::Taint | RubyApi::Untaint => {
                "drop the call: it has done nothing since Ruby 2.7"
            }
            RubyApi::Tainted => "use `false`, what it has answered since Ruby 2.7",
            RubyApi::Fixnum | RubyApi::Bignum => "use `Integer`",
            RubyApi::UriEscape | RubyApi::UriEncode => {
                "use `URI::DEFAULT_PARSER.escape` (or `URI.encode_www_form_component` for a form value)"
            }
            RubyApi::UriUnescape | RubyApi::UriDecode => {
                "use `URI::DEFAULT_PARSER.unescape` (or `URI.decode_www_form_component`)"
            }
        }
    }
}

impl FactReadForm {
    /// The read as its file writes it, for messages.
    pub fn written(self, name: &str) -> String {
        match self {
            FactReadForm::FactsHash => format!("$facts['{name}']"),
            FactReadForm::FactFunction => format!("fact('{name}')"),
            FactReadForm::FactsDig => format!("dig($facts, '{name}')"),
            FactReadForm::Getvar => format!("getvar('facts.{name}')"),
            FactReadForm::ErbVariable => format!("@{name}"),
            FactReadForm::ErbScope => format!("scope['{name}']"),
            FactReadForm::ErbFactsHash => format!("@facts['{name}']"),
            FactReadForm::HieraFacts => format!("%{{facts.{name}}}"),
            FactReadForm::HieraVariable => format!("%{{{name}}}"),
        }
    }

    /// Whether the read names a variable (which code may also set), not
    /// the `$facts` hash.
    pub fn reads_variable(self) -> bool {
        matches!(
            self,
            FactReadForm::ErbVariable | FactReadForm::ErbScope | FactReadForm::HieraVariable
        )
    }
}
