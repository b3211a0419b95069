//! Puppet's object types (`Object[{name => ..., attributes => ...}]`,
//! `type Car = Vehicle { attributes => { wheels => Integer } }`): named
//! types whose values hold attributes, with inheritance, constants,
//! functions, equality and type parameters, as Puppet 7's `PObjectType`
//! defines them. Their values are in `value`, their text in `display`,
//! their parameterized form (`MyType['hello']`, Puppet's
//! `PObjectTypeExtension`) in `extension`.

mod display;
pub mod error;
pub mod extension;
pub mod lookup_context;
mod rich_data;
pub mod ruby_method;
pub mod value;

use std::rc::Rc;

use super::data_type::{generalized, infer, Type};
use crate::catalog::values::Value;

pub use value::{Native, Object};

/// An object type: Puppet's `PObjectType`.
#[derive(Clone, Debug, Default)]
pub struct ObjectType {
    /// The type's name (an alias's, which wins over the hash's `name`);
    /// `None` for an anonymous one and for `Object` itself.
    pub name: Option<String>,
    /// As written: an object type, or an alias of one.
    pub parent: Option<Type>,
    pub type_parameters: Vec<TypeParameter>,
    /// Its own attributes, constants among them, in order.
    pub attributes: Vec<Attribute>,
    pub functions: Vec<Function>,
    /// The attributes its values compare by; `None`: all of them.
    pub equality: Option<Vec<String>>,
    pub equality_include_type: bool,
    pub checks: Option<Value>,
    pub annotations: Option<Value>,
}

/// Puppet's `eql?`: annotations and `equality_include_type` aside.
impl PartialEq for ObjectType {
    fn eq(&self, other: &ObjectType) -> bool {
        self.name == other.name
            && self.parent == other.parent
            && self.type_parameters == other.type_parameters
            && self.attributes == other.attributes
            && self.functions == other.functions
            && self.equality == other.equality
            && self.checks == other.checks
    }
}

/// How an attribute gets its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributeKind {
    Constant,
    Derived,
    GivenOrDerived,
    Reference,
}

impl AttributeKind {
    fn parse(text: &str) -> Option<AttributeKind> {
        Some(match text {
            "constant" => AttributeKind::Constant,
            "derived" => AttributeKind::Derived,
            "given_or_derived" => AttributeKind::GivenOrDerived,
            "reference" => AttributeKind::Reference,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            AttributeKind::Constant => "constant",
            AttributeKind::Derived => "derived",
            AttributeKind::GivenOrDerived => "given_or_derived",
            AttributeKind::Reference => "reference",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    pub name: String,
    pub ty: Type,
    pub kind: Option<AttributeKind>,
    /// Its default (a constant's value); `None`: it has none and must be
    /// given.
    pub value: Option<Value>,
    pub is_final: bool,
    pub is_override: bool,
    pub annotations: Option<Value>,
}

impl Attribute {
    /// An attribute as Puppet's own declarations write most: of a type,
    /// with or without a default, nothing else.
    pub fn plain(name: &str, ty: Type, value: Option<Value>) -> Attribute {
        Attribute {
            name: name.to_string(),
            ty,
            kind: None,
            value,
            is_final: false,
            is_override: false,
            annotations: None,
        }
    }

    /// Whether `new` takes it: constants and derived attributes are not
    /// given.
    pub fn is_settable(&self) -> bool {
        !matches!(
            self.kind,
            Some(AttributeKind::Constant | AttributeKind::Derived)
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub ty: Type,
    pub is_final: bool,
    pub is_override: bool,
    pub annotations: Option<Value>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeParameter {
    pub name: String,
    /// As declared; the parameter also takes undef.
    pub ty: Type,
}

/// One parameter of an object's `new`: an attribute it may be given.
pub struct InitParameter {
    pub name: String,
    pub ty: Type,
    pub required: bool,
}

type Result<T> = std::result::Result<T, String>;

/// The keys of an object type's hash (`TYPE_OBJECT_I12N`).
const KEYS: [&str; 11] = [
    "name",
    "parent",
    "type_parameters",
    "attributes",
    "constants",
    "functions",
    "equality",
    "equality_include_type",
    "checks",
    "annotations",
    "serialization",
];

impl ObjectType {
    /// `Object` itself, which every object type is assignable to.
    pub fn is_default(&self) -> bool {
        *self == ObjectType::default()
    }

    /// A named object type without members, such as Puppet's own
    /// `Annotation`.
    pub fn named(name: &str) -> ObjectType {
        ObjectType {
            name: Some(name.to_string()),
            equality_include_type: true,
            ..ObjectType::default()
        }
    }

    /// Its name, or `Object` (Puppet's `label`).
    pub fn label(&self) -> &str {
        self.name.as_deref().unwrap_or("Object")
    }

    /// The type made from an object type's hash, as Puppet's
    /// `_pcore_init_from_hash` makes it: `name` (an alias's) wins over the
    /// hash's own; Puppet's words for what it refuses.
    pub fn from_init_hash(name: Option<String>, hash: &[(Value, Value)]) -> Result<ObjectType> {
        for (key, _) in hash {
            let known = matches!(key, Value::Str(key) if KEYS.contains(&key.as_str()));
            if !known {
                return Err(format!(
                    "object initializer has wrong type, unrecognized key '{}'",
                    key.to_text()
                ));
            }
        }
        let entry = |key: &str| Value::entry(hash, key);
        let name = name.or_else(|| match entry("name") {
            Some(Value::Str(name)) => Some(name.clone()),
            _ => None,
        });
        let mut object = ObjectType {
            name,
            parent: None,
            equality_include_type: true,
            ..ObjectType::default()
        };
        if let Some(parent) = entry("parent") {
            let Value::Type(parent) = parent else {
                return Err(wrong_entry("parent", parent));
            };
            if let Type::Reference(name) = parent.resolved() {
                return Err(format!("reference to unresolved type '{name}'"));
            }
            object.check_self_recursion(parent)?;
            object.parent = Some((**parent).clone());
        }
        let parent = object.parent_object();
        let parent_members = parent
            .as_ref()
            .map(|parent| parent.members())
            .unwrap_or_default();
        for (key, spec) in entries(entry("type_parameters"), "type_parameters")? {
            let ty = match spec {
                Value::Hash(spec) => match Value::entry(&spec, "type") {
                    Some(Value::Type(ty)) => (**ty).clone(),
                    _ => Type::Any,
                },
                Value::Type(ty) => *ty,
                other => {
                    let label = format!("type_parameter {}", object.member_label(&key));
                    return Err(wrong_entry(&label, &other));
                }
            };
            object.type_parameters.push(TypeParameter { name: key, ty });
        }
        let constants = entries(entry("constants"), "constants")?;
        let specs = entries(entry("attributes"), "attributes")?;
        for (key, _) in &constants {
            if specs.iter().any(|(name, _)| name == key) {
                return Err(format!(
                    "attribute {} is defined as both a constant and an attribute",
                    object.member_label(key)
                ));
            }
        }
        for (key, spec) in specs {
            let attribute = object.attribute(&key, &spec)?;
            let by = Some(&attribute);
            object.assert_override(
                "attribute",
                &key,
                attribute.is_override,
                &parent_members,
                by,
            )?;
            object.attributes.push(attribute);
        }
        for (key, value) in constants {
            let is_override = parent_members.iter().any(|member| member.name() == key);
            object.attributes.push(Attribute {
                name: key,
                ty: generalized(&infer(&value)),
                kind: Some(AttributeKind::Constant),
                value: Some(value),
                is_final: true,
                is_override,
                annotations: None,
            });
        }
        for (key, spec) in entries(entry("functions"), "functions")? {
            let function = object.function(&key, &spec)?;
            if object.attributes.iter().any(|a| a.name == key) {
                return Err(format!(
                    "function {} conflicts with attribute with the same name",
                    object.member_label(&key)
                ));
            }
            object.assert_override(
                "function",
                &key,
                function.is_override,
                &parent_members,
                None,
            )?;
            object.functions.push(function);
        }
        if let Some(Value::Bool(include)) = entry("equality_include_type") {
            object.equality_include_type = *include;
        }
        object.equality = match entry("equality") {
            None | Some(Value::Undef) => None,
            Some(Value::Str(one)) => Some(vec![one.clone()]),
            Some(Value::Array(names)) => Some(names.iter().map(Value::to_text).collect()),
            Some(other) => return Err(wrong_entry("equality", other)),
        };
        object.check_equality(parent.as_deref())?;
        object.checks = entry("checks").cloned();
        if let Some(annotations) = entry("annotations") {
            check_annotations(annotations)?;
            object.annotations = Some(annotations.clone());
        }
        Ok(object)
    }

    /// Puppet's `check_self_recursion`: no type is its own ancestor.
    fn check_self_recursion(&self, parent: &Type) -> Result<()> {
        let Some(name) = &self.name else {
            return Ok(());
        };
        let mut next = Some(parent.clone());
        for _ in 0..super::data_type::MAX_DEPTH {
            let Some(ty) = next.take() else {
                return Ok(());
            };
            let ancestor = match &ty {
                Type::Alias(alias) if alias.name == *name => None,
                other => match other.resolved() {
                    Type::Object(object) => Some(object),
                    _ => return Ok(()),
                },
            };
            match ancestor {
                Some(object) if object.name.as_deref() != Some(name) => {
                    next = object.parent.clone()
                }
                _ => return Err(format!("The Object type '{name}' inherits from itself")),
            }
        }
        Ok(())
    }

    fn attribute(&self, key: &str, spec: &Value) -> Result<Attribute> {
        let label = format!("attribute {}", self.member_label(key));
        let Value::Hash(spec) = spec else {
            let Value::Type(ty) = spec else {
                return Err(wrong_entry(&label, spec));
            };
            // An optional attribute defaults to undef.
            let value = matches!(ty.resolved(), Type::Optional(_)).then_some(Value::Undef);
            return Ok(Attribute {
                name: key.to_string(),
                ty: (**ty).clone(),
                kind: None,
                value,
                is_final: false,
                is_override: false,
                annotations: None,
            });
        };
        let ty = match Value::entry(spec, "type") {
            Some(Value::Type(ty)) => (**ty).clone(),
            _ => {
                return Err(format!(
                    "initializer for {label} expects a value for key 'type'"
                ))
            }
        };
        let kind = match Value::entry(spec, "kind") {
            None => None,
            Some(kind) => match AttributeKind::parse(&kind.to_text()) {
                Some(kind) => Some(kind),
                None => {
                    return Err(wrong_entry(
                        &format!("initializer for {label} entry 'kind'"),
                        kind,
                    ))
                }
            },
        };
        let flag = |name: &str| matches!(Value::entry(spec, name), Some(Value::Bool(true)));
        let mut is_final = flag("final");
        let value = Value::entry(spec, "value").cloned();
        if kind == Some(AttributeKind::Constant) {
            if matches!(Value::entry(spec, "final"), Some(Value::Bool(false))) {
                return Err(format!(
                    "{label} of kind 'constant' cannot be combined with final => false"
                ));
            }
            is_final = true;
        }
        match (&value, kind) {
            (Some(_), Some(kind @ (AttributeKind::Derived | AttributeKind::GivenOrDerived))) => {
                return Err(format!(
                    "{label} of kind '{}' cannot be combined with an attribute value",
                    kind.name()
                ))
            }
            (None, Some(AttributeKind::Constant)) => {
                return Err(format!("{label} of kind 'constant' requires a value"))
            }
            (Some(value), _) if !matches!(value, Value::Default) && !ty.is_instance(value) => {
                let mismatch = super::data_type::describe_mismatch(&ty, value).unwrap_or_default();
                return Err(format!("{label} value {mismatch}"));
            }
            _ => {}
        }
        Ok(Attribute {
            name: key.to_string(),
            ty,
            kind,
            value,
            is_final,
            is_override: flag("override"),
            annotations: Value::entry(spec, "annotations").cloned(),
        })
    }

    fn function(&self, key: &str, spec: &Value) -> Result<Function> {
        let label = format!("function {}", self.member_label(key));
        let (ty, spec) = match spec {
            Value::Type(ty) => ((**ty).clone(), &[][..]),
            Value::Hash(entries) => match Value::entry(entries, "type") {
                Some(Value::Type(ty)) => ((**ty).clone(), entries.as_slice()),
                _ => {
                    return Err(format!(
                        "initializer for {label} expects a value for key 'type'"
                    ))
                }
            },
            other => return Err(wrong_entry(&label, other)),
        };
        let flag = |name: &str| matches!(Value::entry(spec, name), Some(Value::Bool(true)));
        Ok(Function {
            name: key.to_string(),
            ty,
            is_final: flag("final"),
            is_override: flag("override"),
            annotations: Value::entry(spec, "annotations").cloned(),
        })
    }

    /// Puppet's `assert_override`: a member that overrides says so, and
    /// the inherited one lets it (`by`: the overriding attribute; `None`
    /// for a function).
    fn assert_override(
        &self,
        kind: &str,
        name: &str,
        is_override: bool,
        parent_members: &[Member],
        by: Option<&Attribute>,
    ) -> Result<()> {
        let label = format!("{kind} {}", self.member_label(name));
        match parent_members.iter().find(|member| member.name() == name) {
            None if is_override => Err(format!(
                "expected {label} to override an inherited {kind}, but no such {kind} was found"
            )),
            None => Ok(()),
            Some(inherited) => match inherited.override_refusal(by, is_override) {
                None => Ok(()),
                Some((before, after)) => Err(format!(
                    "{label} attempts to override {before}{}{after}",
                    inherited.label()
                )),
            },
        }
    }

    /// Puppet's checks of `equality`: attributes of this type only, no
    /// constants, none its parent compares by already.
    fn check_equality(&self, parent: Option<&ObjectType>) -> Result<()> {
        let Some(names) = &self.equality else {
            return Ok(());
        };
        if !names.is_empty() && !self.equality_include_type {
            return Err("equality_include_type = false cannot be combined with non empty equality specification".to_string());
        }
        let label = self.label();
        for name in names {
            let inherited = parent.and_then(|parent| parent.attribute_named(name));
            if let (Some(parent), Some(attribute)) = (parent, &inherited) {
                if parent.equality_attributes().iter().any(|a| a == name) {
                    let definer = parent.equality_definer_of(name);
                    return Err(format!(
                        "{label} equality is referencing attribute {}[{}] which is included in equality of {}",
                        attribute.0, name, definer
                    ));
                }
            }
            let own = self.attributes.iter().find(|a| a.name == *name);
            match (own, &inherited) {
                (Some(attribute), _) if attribute.kind == Some(AttributeKind::Constant) => {
                    return Err(format!(
                        "{label} equality is referencing constant attribute {label}[{name}]. Reference to constant is not allowed in equality"
                    ))
                }
                (Some(_), _) | (None, Some(_)) => {}
                (None, None) if self.functions.iter().any(|f| f.name == *name) => {
                    return Err(format!(
                        "{label} equality is referencing function {label}[{name}]. Only attribute references are allowed"
                    ))
                }
                (None, None) => {
                    return Err(format!(
                        "{label} equality is referencing non existent attribute '{name}'"
                    ))
                }
            }
        }
        Ok(())
    }

    /// `attribute Name[key]`'s `Name[key]`.
    fn member_label(&self, key: &str) -> String {
        format!("{}[{key}]", self.label())
    }

    /// Whether the type or one it inherits from declares the function
    /// `name`.
    pub fn has_function(&self, name: &str) -> bool {
        self.functions.iter().any(|function| function.name == name)
            || self
                .parent_object()
                .is_some_and(|parent| parent.has_function(name))
    }

    /// The parent, as an object type.
    pub fn parent_object(&self) -> Option<Rc<ObjectType>> {
        match self.parent.as_ref()?.resolved() {
            Type::Object(object) => Some(object),
            _ => None,
        }
    }

    /// Whether `other` is this type or inherits from it.
    pub fn is_ancestor_of(&self, other: &ObjectType) -> bool {
        if self.is_default() || self == other {
            return true;
        }
        let mut next = other.parent_object();
        for _ in 0..super::data_type::MAX_DEPTH {
            match next {
                Some(ancestor) if *ancestor == *self => return true,
                Some(ancestor) => next = ancestor.parent_object(),
                None => return false,
            }
        }
        false
    }

    /// Every attribute, inherited ones first; an override takes its
    /// ancestor's place (Ruby's `Hash#merge!`).
    pub fn all_attributes(&self) -> Vec<Attribute> {
        let inherited = self.parent_object().map(|parent| parent.all_attributes());
        merged(inherited, self.attributes.iter().cloned(), |a| &a.name)
    }

    /// Every type parameter, inherited ones first.
    pub fn all_type_parameters(&self) -> Vec<TypeParameter> {
        let inherited = self
            .parent_object()
            .map(|parent| parent.all_type_parameters());
        merged(inherited, self.type_parameters.iter().cloned(), |p| &p.name)
    }

    /// Attributes and functions, inherited ones too, with the type that
    /// declares each.
    fn members(&self) -> Vec<Member> {
        let inherited = self.parent_object().map(|parent| parent.members());
        let label = self.label().to_string();
        let own = self
            .attributes
            .iter()
            .map(|a| Member::Attribute(label.clone(), a.clone()))
            .chain(
                self.functions
                    .iter()
                    .map(|f| Member::Function(label.clone(), f.clone())),
            );
        merged(inherited, own, Member::name)
    }

    /// The declaring type's label and the attribute named `name`.
    fn attribute_named(&self, name: &str) -> Option<(String, Attribute)> {
        self.members().into_iter().find_map(|member| match member {
            Member::Attribute(label, attribute) if attribute.name == name => {
                Some((label, attribute))
            }
            _ => None,
        })
    }

    /// The attributes values compare by (Puppet's `equality_attributes`).
    pub fn equality_attributes(&self) -> Vec<String> {
        let mut all = self
            .parent_object()
            .map(|parent| parent.equality_attributes())
            .unwrap_or_default();
        match &self.equality {
            Some(names) => all.extend(names.iter().cloned()),
            None => all.extend(
                self.attributes
                    .iter()
                    .filter(|a| a.kind != Some(AttributeKind::Constant))
                    .map(|a| a.name.clone()),
            ),
        }
        all
    }

    /// The label of the type highest up whose equality includes `name`.
    fn equality_definer_of(&self, name: &str) -> String {
        match self.parent_object() {
            Some(parent) if parent.equality_attributes().iter().any(|a| a == name) => {
                parent.equality_definer_of(name)
            }
            _ => self.label().to_string(),
        }
    }

    /// The parameters of `new`, as Puppet's `parameter_info` orders them:
    /// those without a default first.
    pub fn init_parameters(&self) -> Vec<InitParameter> {
        let settable: Vec<Attribute> = self
            .all_attributes()
            .into_iter()
            .filter(Attribute::is_settable)
            .collect();
        let (required, optional): (Vec<_>, Vec<_>) =
            settable.into_iter().partition(|a| a.value.is_none());
        required
            .into_iter()
            .chain(optional)
            .map(|attribute| InitParameter {
                required: attribute.value.is_none(),
                name: attribute.name,
                ty: attribute.ty,
            })
            .collect()
    }

    /// The `Struct` the hash form of `new` takes (`init_hash_type`).
    pub fn init_hash_type(&self) -> Type {
        let members = self
            .all_attributes()
            .into_iter()
            .filter(Attribute::is_settable)
            .map(|attribute| super::data_type::StructMember {
                optional_key: attribute.value.is_some(),
                required_key: false,
                name: attribute.name,
                value: attribute.ty,
            })
            .collect();
        Type::Struct(members)
    }
}

/// The inherited members with a type's own: one of the same name takes
/// the inherited one's place (Ruby's `Hash#merge!`), the others follow.
fn merged<T>(
    inherited: Option<Vec<T>>,
    own: impl Iterator<Item = T>,
    name: impl Fn(&T) -> &str,
) -> Vec<T> {
    let mut all = inherited.unwrap_or_default();
    for member in own {
        match all.iter().position(|other| name(other) == name(&member)) {
            Some(at) => all[at] = member,
            None => all.push(member),
        }
    }
    all
}

/// A member a type inherits: the label of the type declaring it, and it.
#[derive(Clone)]
enum Member {
    Attribute(String, Attribute),
    Function(String, Function),
}

impl Member {
    fn name(&self) -> &str {
        match self {
            Member::Attribute(_, a) => &a.name,
            Member::Function(_, f) => &f.name,
        }
    }

    fn label(&self) -> String {
        match self {
            Member::Attribute(owner, a) => format!("attribute {owner}[{}]", a.name),
            Member::Function(owner, f) => format!("function {owner}[{}]", f.name),
        }
    }

    /// Puppet's `assert_can_be_overridden`: why `by` may not override it,
    /// as the words before and after its label.
    fn override_refusal(
        &self,
        by: Option<&Attribute>,
        is_override: bool,
    ) -> Option<(&'static str, &'static str)> {
        let (is_final, both_constant, types_match) = match (self, by) {
            (Member::Attribute(_, inherited), Some(by)) => (
                inherited.is_final,
                inherited.kind == Some(AttributeKind::Constant)
                    && by.kind == Some(AttributeKind::Constant),
                inherited.ty.is_assignable(&by.ty),
            ),
            (Member::Function(_, inherited), None) => (inherited.is_final, false, true),
            // An attribute for a function, or the other way round.
            _ => return Some(("", "")),
        };
        if is_final && !both_constant {
            return Some(("final ", ""));
        }
        if !is_override {
            return Some(("", " without having override => true"));
        }
        if !types_match {
            return Some(("", " with a type that does not match"));
        }
        None
    }
}

/// Annotations are a hash of `Annotation` types and the hashes they are
/// made from (`TYPE_ANNOTATIONS`).
fn check_annotations(annotations: &Value) -> Result<()> {
    let annotation = ObjectType::named("Annotation");
    let fits = match annotations {
        Value::Undef => true,
        Value::Hash(entries) => entries.iter().all(|(key, value)| {
            let is_annotation = matches!(key, Value::Type(ty)
                if matches!(ty.resolved(), Type::Object(object) if annotation.is_ancestor_of(&object)));
            is_annotation && matches!(value, Value::Hash(_))
        }),
        _ => false,
    };
    if fits {
        return Ok(());
    }
    Err(format!(
        "object initializer has wrong type, entry 'annotations' expects a value of type Undef or Hash[Type[Object[{{name => 'Annotation'}}]], Hash[Pattern[/\\A[a-z_]\\w*\\z/], Any]], got {}",
        infer(annotations)
    ))
}

/// The entries of a hash-valued key, names as text.
fn entries(value: Option<&Value>, key: &str) -> Result<Vec<(String, Value)>> {
    match value {
        None | Some(Value::Undef) => Ok(Vec::new()),
        Some(Value::Hash(entries)) => Ok(entries
            .iter()
            .map(|(name, value)| (name.to_text(), value.clone()))
            .collect()),
        Some(other) => Err(wrong_entry(key, other)),
    }
}

fn wrong_entry(what: &str, value: &Value) -> String {
    format!(
        "object initializer has wrong type, entry '{what}' got {}",
        crate::catalog::values::display::label(value)
    )
}
