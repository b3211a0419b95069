//! Resources: declarations with their titles and attributes, the
//! relationships their metaparameters form, defaults, overrides and
//! collectors.

use tree_sitter::Node;

use super::{
    Arrow, Attribute, AttributeOp, Collector, CollectorAttr, DeclarationHow, FileId, Id,
    RequiredHow, Resource, ResourceAttr, ResourceDefault, ResourceExpression, ResourceForm,
    ResourceOverride,
};
use super::{Extractor, OpenAttribute, OpenBody, OpenResource, Ref};

/// Metaparameters that order resources; `true` where the attribute's owner
/// comes first.
const ORDERING_METAPARAMETERS: &[(&str, Arrow, bool)] = &[
    ("before", Arrow::BeforeParameter, true),
    ("notify", Arrow::NotifyParameter, true),
    ("require", Arrow::RequireParameter, false),
    ("subscribe", Arrow::SubscribeParameter, false),
];

/// An attribute's operator, as written; a missing one (a syntax error,
/// reported as such) reads as `=>`.
fn attribute_op(written: &str) -> AttributeOp {
    AttributeOp::from_name(written).unwrap_or(AttributeOp::Set)
}

impl<'a> Extractor<'a> {
    /// The titles of a resource title expression: (title, literal, node).
    pub(super) fn titles(&self, title: Node<'a>) -> Vec<(String, bool, Node<'a>)> {
        if title.kind_id() == self.grammar.array {
            return self
                .named_children(title)
                .into_iter()
                .flat_map(|element| self.titles(element))
                .collect();
        }
        match self.literal(title) {
            Some(value) => vec![(value, true, title)],
            None => vec![(self.source(title).to_string(), false, title)],
        }
    }

    /// A resource expression's type: lower case, `class` for
    /// `class { ... }`, the first index of `Resource[...]`.
    pub(super) fn resource_type(&self, node: Node<'a>) -> String {
        let g = self.grammar;
        if node.kind_id() == g.access {
            let target = node
                .child_by_field_id(self.grammar.fields.target.get())
                .map_or("", |target| self.source(target));
            if target == "Resource" {
                if let Some(index) = node.child_by_field_id(self.grammar.fields.index.get()) {
                    if let Some(name) = self.literal(index).or_else(|| {
                        (index.kind_id() == g.type_reference)
                            .then(|| self.source(index).to_string())
                    }) {
                        return Self::class_name(&name);
                    }
                }
            }
            return self.source(node).to_string();
        }
        if node.kind_id() == g.name
            || node.kind_id() == g.type_reference
            || self.source(node) == "class"
        {
            return Self::class_name(self.source(node));
        }
        self.source(node).to_string()
    }

    /// (name, operator, value text, node) of each attribute of `node`.
    pub(super) fn attributes(&self, node: Node<'a>) -> Vec<(&'a str, &'a str, &'a str, Node<'a>)> {
        let fields = &self.grammar.fields;
        let mut attributes = Vec::new();
        self.each_field(node, |field, child| {
            if field == fields.attribute && child.kind_id() == self.grammar.attribute {
                attributes.push(child);
            }
        });
        attributes
            .into_iter()
            .map(|attribute| {
                let (mut name, mut operator, mut value) = ("", "", "");
                self.each_field(attribute, |field, child| {
                    if field == fields.name {
                        name = self.source(child);
                    } else if field == fields.operator {
                        operator = self.source(child);
                    } else if field == fields.value {
                        value = self.source(child);
                    }
                });
                (name, operator, value, attribute)
            })
            .collect()
    }

    pub(super) fn resource(&mut self, node: Node<'a>, depth: usize) {
        let Some(type_node) = node.child_by_field_id(self.grammar.fields.type_.get()) else {
            return;
        };
        let type_name = self.resource_type(type_node);
        let form = match node
            .child_by_field_id(self.grammar.fields.form.get())
            .map(|form| self.source(form))
        {
            Some("@") => ResourceForm::Virtual,
            Some("@@") => ResourceForm::Exported,
            _ => ResourceForm::Regular,
        };
        let expr = self.new_id();
        let scope = self.scope();
        let (line, col) = self.location(node);
        let row = ResourceExpression {
            expr,
            scope,
            type_name: self.sym(&type_name),
            form,
            guard: self.guard(),
            branch: self.branch(),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.resource_expression.push(row);

        self.deepest_open = self.deepest_open.max(depth);
        self.open_resources.push(OpenResource {
            depth,
            node,
            type_name,
            form,
            expr,
            bodies: Vec::new(),
        });
    }

    /// A body of the innermost open resource expression: the resources of
    /// its titles.
    pub(super) fn resource_body(&mut self, body: Node<'a>, depth: usize) {
        let Some(open) = self.open_resources.last() else {
            return;
        };
        if open.depth + 1 != depth {
            return;
        }
        let (type_name, form, expr) = (open.type_name.clone(), open.form, open.expr);
        let mut open_body = OpenBody {
            is_default: false,
            resources: Vec::new(),
            attributes: Vec::new(),
        };
        match body.child_by_field_id(self.grammar.fields.title.get()) {
            Some(title) if title.kind_id() == self.grammar.default => open_body.is_default = true,
            Some(title) => {
                for (title_text, literal, title_node) in self.titles(title) {
                    let resource = self
                        .declared_resource(&type_name, form, expr, title_text, literal, title_node);
                    open_body.resources.push(resource);
                }
            }
            None => {}
        }
        let open = self.open_resources.last_mut().expect("checked above");
        open.bodies.push(open_body);
    }

    /// The `resource` row of one title (and the `declares` row of a class
    /// title); returns the resource and its title as relationships name it.
    pub(super) fn declared_resource(
        &mut self,
        type_name: &str,
        form: ResourceForm,
        expr: Id,
        title_text: String,
        literal: bool,
        title_node: Node<'a>,
    ) -> (Id, String) {
        let scope = self.scope();
        if type_name == "class" {
            let how = DeclarationHow::ResourceLike;
            let (line, col) = self.location(title_node);
            if literal {
                self.push_declares(&title_text, how, line, col);
            } else {
                self.push_declares_dynamic(&title_text, how, line, col);
            }
        }
        let title_text = if type_name == "class" && literal {
            Self::class_name(&title_text)
        } else {
            title_text
        };
        let res = self.new_id();
        let row = Resource {
            res,
            expr,
            scope,
            type_name: self.sym(type_name),
            title: self.sym(&title_text),
            title_literal: literal,
            is_virtual: form == ResourceForm::Virtual,
            exported: form == ResourceForm::Exported,
            conditional: !self.conditions.is_empty(),
            file: FileId::default(),
            line: self.line(title_node),
        };
        self.facts.resource.push(row);
        (res, title_text)
    }

    /// An attribute in a body of the innermost open resource expression.
    pub(super) fn attribute(&mut self, attribute: Node<'a>, depth: usize) {
        if self
            .open_resources
            .last()
            .is_some_and(|open| open.depth + 2 == depth && !open.bodies.is_empty())
        {
            self.deepest_open = self.deepest_open.max(depth);
            self.open_attributes.push(OpenAttribute {
                depth,
                node: attribute,
                parts: [""; 3],
                seen: 0,
            });
        }
    }

    pub(super) fn close_attribute(&mut self, attribute: OpenAttribute<'a>) {
        let [name, operator, value] = attribute.parts;
        let open = self
            .open_resources
            .last_mut()
            .expect("an attribute opens inside a resource");
        if let Some(body) = open.bodies.last_mut() {
            body.attributes
                .push((name, operator, value, attribute.node));
        }
    }

    /// Writes the attributes of a resource expression the walk has left:
    /// each body's own, then those of the `default:` body it does not set.
    pub(super) fn close_resource(&mut self, open: OpenResource<'a>) {
        self.validate_resource(&open);
        // What the relationship metaparameters name, and the files a
        // `file`'s `source` fetches, once each as written (not once per
        // title they apply to).
        for body in &open.bodies {
            for &(name, _, _, attribute) in &body.attributes {
                if name == "source" && open.type_name == "file" {
                    if let Some(value) =
                        attribute.child_by_field_id(self.grammar.fields.value.get())
                    {
                        self.module_file_source(value);
                    }
                    continue;
                }
                if !ORDERING_METAPARAMETERS
                    .iter()
                    .any(|(known, ..)| *known == name)
                {
                    continue;
                }
                if let Some(value) = attribute.child_by_field_id(self.grammar.fields.value.get()) {
                    let named = self.endpoints(value);
                    self.push_required(&named, RequiredHow::Metaparameter, value);
                }
            }
        }
        let defaults: &[Attribute] = open
            .bodies
            .iter()
            .find(|body| body.is_default)
            .map_or(&[], |body| &body.attributes);
        for body in open.bodies.iter().filter(|body| !body.is_default) {
            let inherited = defaults
                .iter()
                .filter(|(name, ..)| !body.attributes.iter().any(|own| own.0 == *name));
            let attributes: Vec<&Attribute> = body.attributes.iter().chain(inherited).collect();
            for (res, title) in &body.resources {
                for &&(name, operator, value, attribute) in &attributes {
                    let (line, col) = self.location(attribute);
                    let row = ResourceAttr {
                        res: *res,
                        attr: self.sym(name),
                        op: attribute_op(operator),
                        value_text: self.sym(value),
                        file: FileId::default(),
                        line,
                        col,
                    };
                    self.facts.resource_attr.push(row);
                    self.metaparameter_relationships(&open.type_name, title, name, attribute);
                }
            }
        }
    }

    /// `before`, `require`, `notify` and `subscribe` order the resource
    /// `(type_name, title)` against the references in the value.
    pub(super) fn metaparameter_relationships(
        &mut self,
        type_name: &str,
        title: &str,
        attribute_name: &str,
        attribute: Node<'a>,
    ) {
        let Some(&(_, arrow, owner_first)) = ORDERING_METAPARAMETERS
            .iter()
            .find(|(name, ..)| *name == attribute_name)
        else {
            return;
        };
        let Some(value) = attribute.child_by_field_id(self.grammar.fields.value.get()) else {
            return;
        };
        let owner = Ref {
            type_name: type_name.to_string(),
            title: title.to_string(),
            literal: false,
        };
        for other in self.endpoints(value) {
            let (from, to) = if owner_first {
                (&owner, &other)
            } else {
                (&other, &owner)
            };
            self.push_relationship(from, to, arrow, attribute);
        }
    }

    pub(super) fn resource_defaults(&mut self, node: Node<'a>) {
        let Some(type_node) = node.child_by_field_id(self.grammar.fields.type_.get()) else {
            return;
        };
        let type_name = Self::class_name(self.source(type_node));
        let def = self.new_id();
        let scope = self.scope();
        for (name, operator, value, attribute) in self.attributes(node) {
            let (line, col) = self.location(attribute);
            let row = ResourceDefault {
                def,
                scope,
                type_name: self.sym(&type_name),
                attr: self.sym(name),
                op: attribute_op(operator),
                value_text: self.sym(value),
                branch: self.branch(),
                file: FileId::default(),
                line,
                col,
            };
            self.facts.resource_default.push(row);
        }
    }

    pub(super) fn resource_override(&mut self, node: Node<'a>) {
        let Some(target) = node.child_by_field_id(self.grammar.fields.target.get()) else {
            return;
        };
        let refs = self.references(target).unwrap_or_else(|| {
            vec![Ref {
                type_name: String::new(),
                title: self.source(target).to_string(),
                literal: false,
            }]
        });
        let scope = self.scope();
        let attributes = self.attributes(node);
        for reference in &refs {
            for (name, operator, value, attribute) in &attributes {
                let (line, col) = self.location(*attribute);
                let row = ResourceOverride {
                    scope,
                    type_name: self.sym(&reference.type_name),
                    title: self.sym(&reference.title),
                    attr: self.sym(name),
                    op: attribute_op(operator),
                    value_text: self.sym(value),
                    file: FileId::default(),
                    line,
                    col,
                };
                self.facts.resource_override.push(row);
            }
        }
    }

    pub(super) fn collector(&mut self, node: Node<'a>) {
        let type_name = node
            .child_by_field_id(self.grammar.fields.type_.get())
            .map_or(String::new(), |t| Self::class_name(self.source(t)));
        let query = node.child_by_field_id(self.grammar.fields.query.get());
        let exported = query.is_some_and(|query| query.kind_id() != self.grammar.collect_query);
        let query_text = query
            .and_then(|query| query.child_by_field_id(self.grammar.fields.condition.get()))
            .map_or("", |condition| self.source(condition));
        let collector = self.new_id();
        let row = Collector {
            collector,
            scope: self.scope(),
            type_name: self.sym(&type_name),
            exported,
            query_text: self.sym(query_text),
            file: FileId::default(),
            line: self.line(node),
        };
        self.facts.collector.push(row);
        for (name, operator, value, _) in self.attributes(node) {
            let row = CollectorAttr {
                collector,
                attr: self.sym(name),
                op: attribute_op(operator),
                value_text: self.sym(value),
            };
            self.facts.collector_attr.push(row);
        }
    }
}
