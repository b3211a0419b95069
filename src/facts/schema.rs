//! The fact schema: every relation the extractor produces, in one place.
//!
//! This is pfacts' contract with its users (who run their own queries on the
//! exported facts) and with the Datalog rules. Each relation's doc opens
//! with its signature; `docs/facts.md` is generated from these definitions
//! (and a test keeps it so).
//!
//! Columns are `Copy`: strings are interned ([`Sym`]), entities have ids
//! ([`Id`]), files have ids ([`FileId`]). Lines and columns are 1-based;
//! columns count characters.

use serde::Serialize;

pub use super::columns::{
    Arrow, AttributeOp, CallForm, DataValue, DeclarationHow, DefinitionKind, Directive,
    EppArgumentsForm, FactReadForm, FileReferenceHow, KnownKind, ModuleDirectory, ModulepathState,
    NodeMatcherForm, PrivacyHow, RefForm, RequiredHow, ResourceForm, RubyApi, ScopeKind,
    StringForm,
};
use super::intern::Interner;
use super::layout::Role;

/// An interned string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Sym(pub u32);

/// An entity: a scope, resource, default, reference or collector. Ids are
/// unique across all entities and stable for the same tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Id(pub u32);

/// A file: its index in the sorted list of analyzed files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct FileId(pub u32);

/// The id of top scope, which all files share.
pub const TOP_SCOPE: Id = Id(0);

/// How one file's local symbols, ids and file id become global ones.
pub struct Remap<'a> {
    pub symbols: &'a [Sym],
    pub id_base: u32,
    pub file: FileId,
}

/// A column value as exported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum Value<'a> {
    Number(u32),
    Bool(bool),
    Text(&'a str),
}

/// What one column type is, for the schema and for export.
pub trait Column: Copy {
    /// The type's name in the documentation.
    const TYPE: &'static str;
    /// Whether Soufflé reads it as a `symbol` (else `number`).
    const SYMBOL: bool;
    fn remap(&mut self, remap: &Remap);
    fn value<'a>(&self, interner: &'a Interner) -> Value<'a>;
}

impl Column for Sym {
    const TYPE: &'static str = "text";
    const SYMBOL: bool = true;
    fn remap(&mut self, remap: &Remap) {
        *self = remap.symbols[self.0 as usize];
    }
    fn value<'a>(&self, interner: &'a Interner) -> Value<'a> {
        Value::Text(interner.resolve(*self))
    }
}

impl Column for Id {
    const TYPE: &'static str = "id";
    const SYMBOL: bool = false;
    fn remap(&mut self, remap: &Remap) {
        if *self != TOP_SCOPE {
            self.0 += remap.id_base;
        }
    }
    fn value<'a>(&self, _: &'a Interner) -> Value<'a> {
        Value::Number(self.0)
    }
}

impl Column for FileId {
    const TYPE: &'static str = "file";
    const SYMBOL: bool = false;
    fn remap(&mut self, remap: &Remap) {
        *self = remap.file;
    }
    fn value<'a>(&self, _: &'a Interner) -> Value<'a> {
        Value::Number(self.0)
    }
}

impl Column for u32 {
    const TYPE: &'static str = "number";
    const SYMBOL: bool = false;
    fn remap(&mut self, _: &Remap) {}
    fn value<'a>(&self, _: &'a Interner) -> Value<'a> {
        Value::Number(*self)
    }
}

impl Column for bool {
    const TYPE: &'static str = "bool";
    const SYMBOL: bool = false;
    fn remap(&mut self, _: &Remap) {}
    fn value<'a>(&self, _: &'a Interner) -> Value<'a> {
        Value::Bool(*self)
    }
}

/// A column of a relation, for documentation and export.
#[derive(Debug)]
pub struct ColumnSchema {
    pub name: &'static str,
    pub type_name: &'static str,
    pub symbol: bool,
}

/// A relation, for documentation and export.
#[derive(Debug)]
pub struct RelationSchema {
    pub name: &'static str,
    pub doc: &'static str,
    pub columns: &'static [ColumnSchema],
}

/// Declares the relations: a row struct each, the [`Facts`] store with a
/// vector each, and [`RELATIONS`], their schema.
macro_rules! relations {
    ($(
        $(#[doc = $doc:literal])+
        $name:ident / $row:ident { $($column:ident : $type:ty),+ $(,)? }
    )+) => {
        $(
            $(#[doc = $doc])+
            #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
            pub struct $row {
                $(pub $column: $type),+
            }

            impl $row {
                fn remap(&mut self, remap: &Remap) {
                    $(Column::remap(&mut self.$column, remap);)+
                }

                fn values<'a>(&self, interner: &'a Interner) -> Vec<Value<'a>> {
                    vec![$(Column::value(&self.$column, interner)),+]
                }
            }
        )+

        /// Every relation's rows.
        #[derive(Clone, Debug, Default)]
        pub struct Facts {
            $(pub $name: Vec<$row>,)+
        }

        impl Facts {
            /// Makes one file's local symbols, ids and file id global.
            pub fn remap(&mut self, remap: &Remap) {
                $(for row in &mut self.$name { row.remap(remap); })+
            }

            /// Makes room for the rows of `parts`, so that appending them
            /// copies each row once.
            pub fn reserve<'a>(&mut self, parts: impl Iterator<Item = &'a Facts> + Clone) {
                $(self.$name.reserve(parts.clone().map(|part| part.$name.len()).sum());)+
            }

            /// Frees the room that no row uses.
            pub fn shrink_to_fit(&mut self) {
                $(self.$name.shrink_to_fit();)+
            }

            /// Moves `other`'s rows into `self`.
            pub fn append(&mut self, other: &mut Facts) {
                $(self.$name.append(&mut other.$name);)+
            }

            /// Every relation's rows as values, in schema order.
            pub fn tables<'a>(&self, interner: &'a Interner) -> Vec<Vec<Vec<Value<'a>>>> {
                vec![$(self.$name.iter().map(|row| row.values(interner)).collect()),+]
            }
        }

        /// The schema of every relation, in the order of [`Facts::tables`].
        pub const RELATIONS: &[RelationSchema] = &[$(
            RelationSchema {
                name: stringify!($name),
                doc: concat!($($doc, "\n"),+),
                columns: &[$(ColumnSchema {
                    name: stringify!($column),
                    type_name: <$type as Column>::TYPE,
                    symbol: <$type as Column>::SYMBOL,
                }),+],
            }
        ),+];
    };
}

relations! {
    /// `file(file, path, module, role)`: an analyzed file.
    ///
    /// `module` comes from the autoload layout (`<module>/manifests/...`,
    /// named as in the module's `metadata.json` where it has one), empty
    /// outside modules. `role`: `module_manifest`, `environment_manifest`
    /// (an environment's `manifests/`, such as `site.pp`), `function`,
    /// `type_alias`, `example` (`examples/`, `tests/`), `ruby_type`,
    /// `ruby_function`, `ruby_fact`, `template` (`templates/`; an EPP
    /// template's only facts are its `parse_error`s), `environment_conf`
    /// (an environment's `environment.conf`), `config` (the `pfacts.toml`
    /// that gives a `modulepath`), or `other`.
    ///
    ///
    /// `environment`: for an environment manifest, its environment's
    /// directory (an environment's manifests share one top scope); empty
    /// for every other file.
    ///
    /// Example: `file(3, modules/apache/manifests/vhost.pp, apache, module_manifest, )`
    file / File { file: FileId, path: Sym, module: Sym, role: Role, environment: Sym }

    /// `modulepath_entry(entry, state, file, line, col)`: an entry of the
    /// `modulepath` of an `environment.conf` (a file of role
    /// `environment_conf`) or of `pfacts.toml` (role `config`), as written.
    /// `state`: `read` (a directory among the analyzed paths, whose modules
    /// are read), `outside` (a directory outside them, whose modules are
    /// not), `missing` (no such directory here: a path on the server, a
    /// Puppetfile's `moduledir` before r10k ran), `setting` (a Puppet
    /// setting such as `$basemodulepath`, resolved on the server).
    ///
    /// Example: `modulepath_entry(modules, missing, 2, 3, 19)`
    modulepath_entry / ModulepathEntry { entry: Sym, state: ModulepathState, file: FileId, line: u32, col: u32 }

    /// `autoload_mismatch(entity, file, line, expected)`: a class, define,
    /// function or type alias defined in a module file other than the one
    /// Puppet's autoloader reads for its name.
    ///
    /// Example: `autoload_mismatch(apache::vhost, 3, 1, apache/manifests/vhost.pp)`
    autoload_mismatch / AutoloadMismatch { entity: Sym, file: FileId, line: u32, expected: Sym }

    /// `scope(scope, kind, name, lexical_parent, file, line)`: a scope.
    ///
    /// `kind`: `top` (one for all files, id 0), `node`, `class`, `define`,
    /// `lambda`, `function`, `example` (an example's top-level code),
    /// `template` (an EPP template's code). `name`: the class, define or function name,
    /// the node's first matcher, empty for lambdas and top scope.
    /// `lexical_parent`: the scope whose text encloses this one.
    ///
    /// Example: `scope(12, class, apache::vhost, 0, 3, 1)`
    scope / Scope { scope: Id, kind: ScopeKind, name: Sym, lexical_parent: Id, file: FileId, line: u32 }

    /// `definition(kind, name, scope, file, line, col)`: a class, define,
    /// node, function or type, at its name. `kind`: `class`, `define`,
    /// `node` (one row per host matcher, named as `node_matcher` gives it),
    /// `function` (written in Puppet), `type_alias` (`type A = ...`),
    /// `type_mapping`, `type_definition`. Nested classes get their full
    /// name. `scope`: the scope the definition opens (0 for a type, which
    /// opens none).
    ///
    /// Example: `definition(class, apache::vhost, 12, 3, 1, 7)`
    definition / Definition { kind: DefinitionKind, name: Sym, scope: Id, file: FileId, line: u32, col: u32 }

    /// `node_matcher(node, matcher, form)`: one host matcher of a node
    /// definition; `node` is the node's scope. `form`: `name` (dotted
    /// names and numbers, joined), `string`, `regex` (as written, with
    /// slashes), `default`.
    ///
    /// Example: `node_matcher(20, web01.example.com, name)`
    node_matcher / NodeMatcher { node: Id, matcher: Sym, form: NodeMatcherForm }

    /// `node_inherits(node, parent, file, line)`: `node x inherits y`,
    /// which Puppet 7 refuses.
    ///
    /// Example: `node_inherits(20, base, 1, 9)`
    node_inherits / NodeInherits { node: Id, parent: Sym, file: FileId, line: u32 }

    /// `param_decl(scope, name, type_text, has_default, position, private,
    /// file, line, col)`: a parameter of a class, define or function
    /// (`position` from 0; `type_text` as written, empty when untyped).
    ///
    /// Example: `param_decl(12, port, Web::Port, true, 0, false, 3, 2, 13)`
    param_decl / ParamDecl { scope: Id, name: Sym, type_text: Sym, has_default: bool, position: u32, private: bool, file: FileId, line: u32, col: u32 }

    /// `var_assign(scope, name, file, line, col, private)`: a variable
    /// assigned in a scope: `$x = ...`, each variable of `[$a, $b] = ...`,
    /// and the parameters of lambdas and functions.
    ///
    /// Example: `var_assign(12, docroot, 3, 8, 3, false)`
    var_assign / VarAssign { scope: Id, name: Sym, file: FileId, line: u32, col: u32, private: bool }

    /// `string_value(scope, name, text, form, file, line, col)`: `$x =
    /// 'text'` (or an interpolated string, or a heredoc) as a statement of
    /// `scope`, outside any `if`, `unless`, `case` or selector: the value
    /// that every read of `$x` resolving to `scope` after `line:col`, where
    /// the assignment ends, finds. `form`: `number` (a literal that Puppet's
    /// `Utils.to_n` reads as a number), `not_number` (one it does not, or
    /// an interpolated string whose written parts make it none: `text`
    /// as written between its quotes), `computed` (another interpolated
    /// string; `text` as written).
    ///
    /// Example: `string_value(12, port, 8000, number, 3, 8, 17)`
    string_value / StringValue { scope: Id, name: Sym, text: Sym, form: StringForm, file: FileId, line: u32, col: u32 }

    /// `privacy(entity, kind, how, file, line)`: a private class or define.
    /// `how`: `keyword` (the `private` modifier), `assert_private` (its body
    /// calls stdlib's `assert_private()`), `api_tag` (`@api private` in the
    /// comment block right above it).
    ///
    /// Example: `privacy(web::install, class, api_tag, 4, 2)`
    privacy / Privacy { entity: Sym, kind: DefinitionKind, how: PrivacyHow, file: FileId, line: u32 }

    /// `inherits(class, parent, file, line, col)`: `class a inherits b`, at
    /// the parent's name.
    ///
    /// Example: `inherits(apache::vhost, apache::params, 3, 1, 29)`
    inherits / Inherits { class: Sym, parent: Sym, file: FileId, line: u32, col: u32 }

    /// `declares(scope, class, how, conditional, guard, branch, file, line,
    /// col)`: a scope declares a class by name. `how`: `include`,
    /// `require`, `contain`, `resource_like` (`class { 'x': }`). Names are
    /// normalised as Puppet does: lower case, without a leading `::`.
    /// `conditional`: inside an `if`, `unless`, `case` or selector of its
    /// scope. `guard`: the innermost branch of `guard` it stands in, 0 for
    /// none. `branch`: the innermost branch of `branch` it stands in, 0
    /// for none.
    ///
    /// Example: `declares(0, apache, include, false, 0, 0, 1, 2, 11)`
    declares / Declares { scope: Id, class: Sym, how: DeclarationHow, conditional: bool, guard: Id, branch: Id, file: FileId, line: u32, col: u32 }

    /// `declares_dynamic(scope, text, how, file, line, col)`: a class
    /// declaration whose name is computed (`include $x`); `text` is the
    /// source text of the name.
    ///
    /// Example: `declares_dynamic(12, "${role}::base", include, 3, 4, 11)`
    declares_dynamic / DeclaresDynamic { scope: Id, text: Sym, how: DeclarationHow, file: FileId, line: u32, col: u32 }

    /// `var_ref(ref, scope, name, namespace, short_name, file, line, col)`:
    /// a variable read, in code, string interpolation and heredocs. `name`
    /// is as written without `$`; `namespace` is `::` for top scope
    /// (`$::x`), the class for a qualified name (`$a::b::x` gives `a::b`),
    /// empty for a plain name.
    ///
    /// Example: `var_ref(40, 12, ::osfamily, ::, osfamily, 3, 9, 10)`
    var_ref / VarRef { reference: Id, scope: Id, name: Sym, namespace: Sym, short_name: Sym, file: FileId, line: u32, col: u32 }

    /// `coerced_operand(reference)`: the plain variable read `reference`
    /// (a `var_ref`) is an operand that Puppet's arithmetic coerces to a
    /// number if it holds a string: left of `+ - * / % << >>`, right of
    /// one whose left is a literal string or number, or after a unary
    /// minus, in code that a constant `and`/`or` does not skip.
    ///
    /// Example: `coerced_operand(40)`
    coerced_operand / CoercedOperand { reference: Id }

    /// `resource_expression(expr, scope, type, form, guard, branch, file,
    /// line, col)`: a resource expression (`file { ... }`, `class { ... }`,
    /// `@user {...}`). `type` is lower case (`file`, `apache::vhost`,
    /// `class`), or the source text when computed. `form`: `regular`,
    /// `virtual`, `exported`. `guard`, `branch`: as for `declares`.
    ///
    /// Example: `resource_expression(50, 12, file, regular, 0, 0, 3, 10, 3)`
    resource_expression / ResourceExpression { expr: Id, scope: Id, type_name: Sym, form: ResourceForm, guard: Id, branch: Id, file: FileId, line: u32, col: u32 }

    /// `resource(res, expr, scope, type, title, title_literal, virtual,
    /// exported, conditional, file, line)`: a resource of a resource
    /// expression, one per title (title arrays are expanded); a computed
    /// title is kept as source text with `title_literal` false. Instances of
    /// defines are resources whose type is the define. `conditional`: inside
    /// an `if`, `unless`, `case` or selector of its scope.
    ///
    /// Example: `resource(51, 50, 12, file, /etc/motd, true, false, false, false, 3, 10)`
    resource / Resource { res: Id, expr: Id, scope: Id, type_name: Sym, title: Sym, title_literal: bool, is_virtual: bool, exported: bool, conditional: bool, file: FileId, line: u32 }

    /// `resource_attr(res, attr, op, value_text, file, line, col)`: an
    /// attribute of a resource (`op` `=>` or `+>`; `*` for `* => $hash`).
    /// Attributes of a `default:` body are given to every other body of
    /// the expression that does not set them.
    ///
    /// Example: `resource_attr(51, ensure, =>, file, 3, 11, 5)`
    resource_attr / ResourceAttr { res: Id, attr: Sym, op: AttributeOp, value_text: Sym, file: FileId, line: u32, col: u32 }

    /// `resource_default(def, scope, type, attr, op, value_text, branch,
    /// file, line, col)`: an attribute of a resource default (`File { mode
    /// => '0644' }`), at the attribute; `def` one per default expression.
    /// `branch`: as for `declares`.
    ///
    /// Example: `resource_default(60, 12, file, mode, =>, '0644', 0, 3, 5, 3)`
    resource_default / ResourceDefault { def: Id, scope: Id, type_name: Sym, attr: Sym, op: AttributeOp, value_text: Sym, branch: Id, file: FileId, line: u32, col: u32 }

    /// `resource_override(scope, type, title, attr, op, value_text, file,
    /// line, col)`: an attribute of a resource override (`File['/x'] {
    /// ... }`), at the attribute; for `$ref { ... }` the type is empty and
    /// the title is the source text.
    ///
    /// Example: `resource_override(12, file, /x, mode, =>, '0600', 3, 20, 15)`
    resource_override / ResourceOverride { scope: Id, type_name: Sym, title: Sym, attr: Sym, op: AttributeOp, value_text: Sym, file: FileId, line: u32, col: u32 }

    /// `collector(collector, scope, type, exported, query_text, file,
    /// line)`: a collector (`User <| ... |>`, `<<| |>>` when exported);
    /// `query_text` is the query as written, empty for all.
    ///
    /// Example: `collector(70, 12, user, false, groups == 'admin', 3, 30)`
    collector / Collector { collector: Id, scope: Id, type_name: Sym, exported: bool, query_text: Sym, file: FileId, line: u32 }

    /// `collector_attr(collector, attr, op, value_text)`: an attribute of a
    /// collector's override block.
    ///
    /// Example: `collector_attr(70, ensure, =>, present)`
    collector_attr / CollectorAttr { collector: Id, attr: Sym, op: AttributeOp, value_text: Sym }

    /// `relationship(scope, from_type, from_title, to_type, to_title, arrow,
    /// guard, file, line, col)`: an ordering between resources, `from`
    /// applied first, at the arrow or the metaparameter; `guard` as for
    /// `declares`.
    /// `arrow`: `->`, `~>`, `<-`, `<~` for chains (each adjacent pair, each
    /// element of array operands), `before`, `require`, `notify`,
    /// `subscribe` for metaparameters. `Class['x']` and bare strings name
    /// classes (type `class`); a collector's title is its query between
    /// `<|` and `|>`; a computed endpoint has an empty type and its source
    /// text as title.
    ///
    /// Example: `relationship(12, package, ntp, file, /etc/ntp.conf, ->, 0, 3, 40, 18)`
    relationship / Relationship { scope: Id, from_type: Sym, from_title: Sym, to_type: Sym, to_title: Sym, arrow: Arrow, guard: Id, file: FileId, line: u32, col: u32 }

    /// `resource_ref(scope, type, title, written, guard, file, line, col)`:
    /// a resource reference `Type['title']` (one row per title),
    /// `Resource['type', 'title']` included (`written` tells which), in
    /// branch `guard` (as `resource_expression`'s); data types
    /// (`Optional[String]`) are not references.
    ///
    /// Example: `resource_ref(12, service, nginx, type, 0, 3, 22, 5)`
    resource_ref / ResourceRef { scope: Id, type_name: Sym, title: Sym, written: RefForm, guard: Id, file: FileId, line: u32, col: u32 }

    /// `required_resource(type, title, how, file, line, col)`: a resource
    /// that the catalog must hold, named with a literal type and title
    /// (`File['/etc/motd']`, not `File[$path]`, nor a class): an endpoint
    /// of a relationship (`how` `arrow`), a value of a relationship
    /// metaparameter (`metaparameter`), an argument of `realize`
    /// (`realize`). Puppet fails the compilation when it does not.
    ///
    /// Example: `required_resource(file, /etc/motd, realize, 3, 12, 9)`
    required_resource / RequiredResource { type_name: Sym, title: Sym, how: RequiredHow, file: FileId, line: u32, col: u32 }

    /// `function_resources(type, guard, file, line, col)`: a call of a
    /// function that declares resources (`create_resources`,
    /// `ensure_resource`, `ensure_resources`, `ensure_packages`), with the
    /// type it declares, lower case (empty when the call computes it), and
    /// the branch it is in (as `resource_expression`'s `guard`).
    ///
    /// Example: `function_resources(package, 0, 3, 20, 3)`
    function_resources / FunctionResources { type_name: Sym, guard: Id, file: FileId, line: u32, col: u32 }

    /// `function_attribute(type, target, attr, file, line, col)`: an
    /// attribute that a call of a function that declares resources sets
    /// with a literal key, in a literal hash of parameters (each title's,
    /// or the defaults of all of them), on resources of `type` (lower
    /// case); `target` is the type, or for `class` the class that the
    /// literal title names.
    ///
    /// Example: `function_attribute(user, user, uid, 3, 65, 44)`
    function_attribute / FunctionAttribute { type_name: Sym, target: Sym, attr: Sym, file: FileId, line: u32, col: u32 }

    /// `type_alias_of(name, type_text)`: `type Name = TYPE` (an alias,
    /// not an object type), with the type as written.
    ///
    /// Example: `type_alias_of(Stdlib::Port, Integer[0, 65535])`
    type_alias_of / TypeAliasOf { name: Sym, type_text: Sym }

    /// `epp_arguments(reference, form)`: the `epp()` call of
    /// `file_reference` row `reference` gives its template arguments, as a
    /// literal hash or computed. A template that declares no parameters
    /// has them as its variables.
    ///
    /// Example: `epp_arguments(12, literal)`
    epp_arguments / EppArguments { reference: Id, form: EppArgumentsForm }

    /// `epp_argument(reference, name)`: a key of the literal hash that the
    /// `epp()` call `reference` gives its template.
    ///
    /// Example: `epp_argument(12, plugin)`
    epp_argument / EppArgument { reference: Id, name: Sym }

    /// `template_file(file, name)`: a template of a module's `templates/`,
    /// with the name `template()` and `epp()` find it by (`ntp/ntp.conf.erb`
    /// for `ntp/templates/ntp.conf.erb`).
    ///
    /// Example: `template_file(7, ntp/ntp.conf.erb)`
    template_file / TemplateFile { file: FileId, name: Sym }

    /// `module_file(file, directory, name)`: a file or directory below a
    /// module's `files/` or `templates/`, by the name Puppet finds it by
    /// (`ntp/ntp.conf.erb` for `ntp/templates/ntp.conf.erb`); `file` is the
    /// listed directory (role `module_files`), or the template itself.
    ///
    /// Example: `module_file(7, templates, ntp/ntp.conf.erb)`
    module_file / ModuleFile { file: FileId, directory: ModuleDirectory, name: Sym }

    /// `file_reference(reference, how, name, scope, file, line, col)`: a
    /// file of a module named in `scope` by a literal (`template('m/x.erb')`,
    /// `epp(...)`, `file(...)`, `source => 'puppet:///modules/m/x'`), or by a string
    /// whose interpolations are `$module_name` in a class or define of a
    /// module, as `module/name`; the alternatives of one `file()` call or
    /// `source` array share their `reference`, and any one of them will
    /// do (so there are none when one alternative is computed or a path
    /// on the server).
    ///
    /// Example: `file_reference(12, template, ntp/ntp.conf.erb, 9, 3, 8, 20)`
    file_reference / FileReference { reference: Id, how: FileReferenceHow, name: Sym, scope: Id, file: FileId, line: u32, col: u32 }

    /// `template_variable(name, file, line, col)`: a variable an ERB
    /// template sets (`@x = ...`, `scope.setvar('x', ...)`), which it and
    /// the templates it renders may read.
    ///
    /// Example: `template_variable(_template_scope, 9, 2, 7)`
    template_variable / TemplateVariable { name: Sym, file: FileId, line: u32, col: u32 }

    /// `template_render(name, file, line, col)`: a template that renders
    /// another by a name written out (in ERB `scope.function_template(['m/x.erb'])`,
    /// `scope.call_function('template', ...)`; in EPP `template(...)`,
    /// `epp(...)`).
    ///
    /// Example: `template_render(ntp/header.erb, 7, 1, 5)`
    template_render / TemplateRender { name: Sym, file: FileId, line: u32, col: u32 }

    /// `resource_param_ref(scope, type, title, param, file, line, col)`: a
    /// parameter read from the catalog, `Class['x']['p']` or
    /// `File['/a']['mode']`.
    ///
    /// Example: `resource_param_ref(12, class, vault, token, 3, 6, 10)`
    resource_param_ref / ResourceParamRef { scope: Id, type_name: Sym, title: Sym, param: Sym, file: FileId, line: u32, col: u32 }

    /// `call(scope, name, form, guard, file, line, col)`: a function call;
    /// `form`: `prefix` (`f(x)`), `method` (`$x.f`), `statement` (`include
    /// x`); `guard` as for `declares`.
    ///
    /// Example: `call(12, notice, statement, 0, 3, 50, 3)`
    call / Call { scope: Id, name: Sym, form: CallForm, guard: Id, file: FileId, line: u32, col: u32 }

    /// `fact_read(form, name, file, line, col)`: a fact read by its name
    /// where no variable of a manifest names it (those are `var_ref`):
    /// `$facts['osfamily']` and stdlib's `fact('os.family')` in manifests,
    /// `@osfamily`, `scope['osfamily']` and `@facts['osfamily']` in ERB
    /// templates, `$::osfamily` and `$facts['osfamily']` in EPP templates,
    /// `%{facts.osfamily}`, `%{::osfamily}` and `%{osfamily}` in
    /// `hiera.yaml` and Hiera data. `name` is the fact's top-level name
    /// (`os` for `fact('os.family')`). Templates and Hiera files are read
    /// as text.
    ///
    /// Example: `fact_read(facts_hash, osfamily, 3, 2, 6)`
    fact_read / FactRead { form: FactReadForm, name: Sym, file: FileId, line: u32, col: u32 }

    /// `hiera_key(key, file, line, col, value_kind, value)`: a top-level
    /// key of a YAML or JSON file of Hiera data (in a layer's `datadir`),
    /// with its value when it is a scalar whose type pfacts
    /// can tell, or a collection of such (`value_kind`; a collection's
    /// value as JSON; `other` and the empty value otherwise).
    ///
    /// Example: `hiera_key(profile::web::port, 2, 3, 1, integer, 8080)`
    hiera_key / HieraKey { key: Sym, file: FileId, line: u32, col: u32, value_kind: DataValue, value: Sym }

    /// `hiera_conversion(name, file)`: a key (or a `^pattern` of keys)
    /// whose values data's `lookup_options` convert (`convert_to`).
    ///
    /// Example: `hiera_conversion(app::secret, 1)`
    hiera_conversion / HieraConversion { name: Sym, file: FileId }

    /// `lookup_key(key, file, line, col)`: a key looked up by name: in a
    /// manifest, the literal first argument of `lookup`, `hiera`,
    /// `hiera_array`, `hiera_hash` or `hiera_include`; in Hiera's files,
    /// the key of `%{lookup('k')}`, `%{hiera('k')}`, `%{alias('k')}` (the
    /// root of a dotted one).
    ///
    /// Example: `lookup_key(profile::web::banner, 5, 5, 13)`
    lookup_key / LookupKey { key: Sym, file: FileId, line: u32, col: u32 }

    /// `hiera_reference(key, referenced, file, line, col)`: the value of
    /// `key` in a Hiera data file interpolates `referenced` by
    /// `%{alias()}`, `%{lookup()}` or `%{hiera()}` (at `key`'s place).
    ///
    /// Example: `hiera_reference(a::x, a::y, 7, 1, 1)`
    hiera_reference / HieraReference { key: Sym, referenced: Sym, file: FileId, line: u32, col: u32 }

    /// `key_literal(key, file, line, col)`: a literal string in a manifest
    /// written as a qualified name (`'app::vault::token'`), which code may
    /// look up as a Hiera key through a variable (`lookup($key)`).
    ///
    /// Example: `key_literal(tools::vault::secret, 9, 1, 54)`
    key_literal / KeyLiteral { key: Sym, file: FileId, line: u32, col: u32 }

    /// `legacy_fact(fact, replacement, conversion)`: a legacy fact of
    /// Facter 4, which Puppet 8 no longer sets (`include_legacy_facts`),
    /// with the structured fact that holds its value (dotted, empty when
    /// none does) and the conversion Facter applies to the legacy value
    /// only (`bytes_to_mb`, else empty); file 0, listed by
    /// `scripts/facter-legacy-facts.rb`. A family is named with a
    /// placeholder, as in `known`: `ipaddress_<interface>`,
    /// `networking.interfaces.<interface>.ip`.
    ///
    /// Example: `legacy_fact(osfamily, os.family, )`
    legacy_fact / LegacyFact { fact: Sym, replacement: Sym, conversion: Sym }

    /// `stdlib_removed(function, note)`: a function of stdlib 8 that stdlib
    /// 9, the stdlib of Puppet 8, removed and Puppet does not build in,
    /// with what stdlib said when it deprecated it (empty when nothing);
    /// file 0, listed by `scripts/stdlib9-removed-functions.rb`.
    ///
    /// Example: `stdlib_removed(has_key, Deprecated: Determine if a hash has a certain key value.)`
    stdlib_removed / StdlibRemoved { function: Sym, note: Sym }

    /// `stdlib_deprecated(function, strict, note)`: a function stdlib 9
    /// keeps only as a shim that calls `deprecation()` with `note`; `strict`:
    /// Puppet's `strict` setting decides between a warning and a failure
    /// (Puppet 8's `strict=error` fails the compilation), else always a
    /// warning. File 0, listed by `scripts/stdlib9-removed-functions.rb`.
    ///
    /// Example: `stdlib_deprecated(to_json, false, This function is deprecated, please use stdlib::to_json instead.)`
    stdlib_deprecated / StdlibDeprecated { function: Sym, strict: bool, note: Sym }

    /// `guard(branch, outer, name, file, line, col)`: a branch that Puppet
    /// evaluates only when `name` (a class, define or resource type) is
    /// defined: `if defined('x') { ... }` (also `defined(Class['x'])`,
    /// `defined(Resource['t'])`, `defined(T['title'])`, and tests joined by
    /// `and`), the `else` of `unless defined('x')` and of `if
    /// !defined('x')`. `branch` identifies the branch, `outer` the guarded
    /// branch around it (0 for none); one row per name tested, at the
    /// test.
    ///
    /// Example: `guard(31, 0, portage, 4, 5, 20)`
    guard / Guard { branch: Id, outer: Id, name: Sym, file: FileId, line: u32, col: u32 }

    /// `branch(branch, conditional, outer)`: a block that Puppet evaluates
    /// for one outcome of a conditional: the body of an `if`, `elsif`,
    /// `else`, `unless` or `case` option. `conditional` identifies the
    /// `if`, `unless` or `case` (an `if`'s `elsif` and `else` branches
    /// share its), so that two branches of one conditional never both run;
    /// `outer` is the branch around it (0 for none).
    ///
    /// Example: `branch(33, 32, 0)`
    branch / Branch { branch: Id, conditional: Id, outer: Id }

    /// `known(kind, name, module, file)`: a name Puppet resolves without a
    /// manifest: `resource_type`, `function` built into Puppet 7 and `fact`
    /// of Facter 4 (module empty, file 0; a fact family is named with a
    /// placeholder, `ipaddress_<interface>`), those that modules write in
    /// Ruby (`lib/puppet/type/*.rb`, `lib/puppet/functions/**/*.rb`,
    /// `lib/puppet/parser/functions/*.rb`, `lib/facter/*.rb`, read as
    /// text), `function` and `type_alias` written in Puppet, and the
    /// `class`, `fact`, `function` and `resource_type` names that the
    /// configuration's `[known]` lists (module empty, file 0).
    ///
    /// Example: `known(resource_type, file, , 0)`
    known / Known { kind: KnownKind, name: Sym, module: Sym, file: FileId }

    /// `type_param(type, param, file)`: a parameter or property of a
    /// resource type written in Ruby: built into Puppet 7 (file 0, listed by
    /// `scripts/puppet-type-parameters.rb`) or read as text from a module's
    /// `lib/puppet/type/<type>.rb` (`newparam`, `newproperty`, `ensurable`,
    /// and `name` and `provider`, which every type has). `param` is `*` for
    /// a type that makes its parameters in code pfacts does not read.
    /// Metaparameters are not listed.
    ///
    /// Example: `type_param(file, mode, 0)`
    type_param / TypeParam { type_name: Sym, param: Sym, file: FileId }

    /// `suppression(file, line, col, directive, rules, reason, first_line,
    /// last_line)`: a `# pfacts:ignore` comment. `directive`: `ignore`,
    /// `ignore-start` or `ignore-end`; `rules` as written (comma-separated),
    /// `reason` the text after `--` (empty when missing). An `ignore`
    /// comment at the end of a line covers that line; on a line of its own
    /// it covers the lines of the next statement (none at the end of a
    /// block: `first_line` 0). Start and end cover their own line.
    ///
    /// Example: `suppression(4, 7, 3, ignore, unknown-class, vendored, 8, 10)`
    suppression / Suppression { file: FileId, line: u32, col: u32, directive: Directive, rules: Sym, reason: Sym, first_line: u32, last_line: u32 }

    /// `validation_issue(file, line, col, code, subject)`: what Puppet
    /// refuses in the text of a file that parses, with the name or kind it
    /// is about: its validator (Checker4_0) with Puppet's issue code, its
    /// compiler with pfacts' own code (`REASSIGNED_VARIABLE`,
    /// `DUPLICATE_ATTRIBUTE`, ...). `docs/validation.md` lists them.
    ///
    /// Example: `validation_issue(3, 1, 14, NOT_TOP_LEVEL, )`
    validation_issue / ValidationIssue { file: FileId, line: u32, col: u32, code: Sym, subject: Sym }

    /// `ruby_removed(api, file, line, col)`: a call (or constant) that Ruby
    /// 3.0 to 3.2 removed, in the code of a module's Ruby file (comments,
    /// strings and heredocs skipped).
    ///
    /// Example: `ruby_removed(File.exists?, 31, 140, 8)`
    ruby_removed / RubyRemoved { api: RubyApi, file: FileId, line: u32, col: u32 }

    /// `hiera_version(file, version, line, col)`: the version of a
    /// `hiera.yaml` at the root of an environment or a module (a layer's
    /// configuration), at its `version` key; 3 when it names none (1:1).
    ///
    /// Example: `hiera_version(12, 3, 1, 1)`
    hiera_version / HieraVersion { file: FileId, version: u32, line: u32, col: u32 }

    /// `hiera_not_hash(file, found, line, col)`: a YAML Hiera data file
    /// that holds something other than a hash (`found`: what, by Ruby's
    /// class name) at the place its document starts. An empty file is no
    /// row.
    ///
    /// Example: `hiera_not_hash(14, Array, 3, 1)`
    hiera_not_hash / HieraNotHash { file: FileId, found: Sym, line: u32, col: u32 }

    /// `faulty_metadata(file, message, line, col)`: a module's
    /// `metadata.json` that does not parse as JSON, where it stops.
    ///
    /// Example: `faulty_metadata(20, trailing comma, 5, 1)`
    faulty_metadata / FaultyMetadata { file: FileId, message: Sym, line: u32, col: u32 }

    /// `parse_error(file, line, col, message)`: a syntax error, or content
    /// that is not Puppet source. The facts of the file's well-formed parts
    /// are still extracted.
    ///
    /// Example: `parse_error(9, 4, 12, unexpected `=>`; expected an expression)`
    parse_error / ParseError { file: FileId, line: u32, col: u32, message: Sym }
}

impl Facts {
    /// The `definition` rows of one kind.
    pub fn definitions(&self, kind: DefinitionKind) -> impl Iterator<Item = &Definition> + '_ {
        self.definition.iter().filter(move |row| row.kind == kind)
    }

    /// `(scope, name, file, line)` of each parameter declared and each
    /// variable assigned: what declares a variable in a scope.
    pub fn variable_declarations(&self) -> impl Iterator<Item = (Id, Sym, FileId, u32)> + '_ {
        let parameters = self
            .param_decl
            .iter()
            .map(|row| (row.scope, row.name, row.file, row.line));
        let assignments = self
            .var_assign
            .iter()
            .map(|row| (row.scope, row.name, row.file, row.line));
        parameters.chain(assignments)
    }
}
