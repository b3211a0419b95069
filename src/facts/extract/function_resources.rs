//! Functions that declare resources (`create_resources`, stdlib's
//! `ensure_resource`, `ensure_resources` and `ensure_packages`): the type
//! a call declares, as a `function_resources` row, and the attributes its
//! literal hashes of parameters set, as `function_attribute` rows, so that
//! both are judged as a declaration's are.

use tree_sitter::Node;

use super::{names, Extractor, FileId, FunctionAttribute, FunctionResources};

/// Functions that declare resources, by the name they are called with.
pub(super) const RESOURCE_FUNCTIONS: &[&str] = &[
    "create_resources",
    "ensure_resource",
    "ensure_resources",
    "ensure_packages",
    "stdlib::ensure_packages",
];

/// Where a call's arguments hold the resources and their parameters.
enum Shape {
    /// `create_resources(type, {title => params}, defaults)`, and
    /// `ensure_resources` alike.
    ByTitle,
    /// `ensure_resource(type, title or titles, params)`.
    OneSet,
    /// `ensure_packages(names or {name => params}, defaults)`.
    Packages,
}

impl<'a> Extractor<'a> {
    /// A call of a function of [`RESOURCE_FUNCTIONS`]: the type it
    /// declares, from its first argument (`'@@file'` is `file`), empty
    /// when computed; and the attributes of its literal parameters.
    pub(super) fn function_resources(&mut self, node: Node<'a>, name: &str, line: u32, col: u32) {
        let arguments = node
            .child_by_field_id(self.grammar.fields.arguments.get())
            .map(|arguments| self.named_children(arguments))
            .unwrap_or_default();
        let shape = match name {
            "ensure_resource" => Shape::OneSet,
            "ensure_packages" | "stdlib::ensure_packages" => Shape::Packages,
            _ => Shape::ByTitle,
        };
        let type_name = match shape {
            Shape::Packages => "package".to_string(),
            Shape::ByTitle | Shape::OneSet => arguments
                .first()
                .and_then(|&first| self.literal(first))
                .map(|written| names::lowercase(written.trim_start_matches('@')).to_string())
                .unwrap_or_default(),
        };
        let type_name = names::absolute(&type_name).to_string();
        let row = FunctionResources {
            type_name: self.sym(&type_name),
            guard: self.guard(),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.function_resources.push(row);
        if !type_name.is_empty() {
            self.function_attributes(&type_name, shape, &arguments);
        }
    }

    /// The `function_attribute` rows of a call declaring `type_name`
    /// resources: the literal keys of each title's hash of parameters,
    /// and of the defaults for all of them (unless no resource is
    /// declared: Puppet judges defaults only on a resource).
    fn function_attributes(&mut self, type_name: &str, shape: Shape, arguments: &[Node<'a>]) {
        let (resources, defaults) = match shape {
            Shape::ByTitle | Shape::OneSet => (arguments.get(1), arguments.get(2)),
            Shape::Packages => (arguments.first(), arguments.get(1)),
        };
        let Some(&resources) = resources else {
            return;
        };
        // Each title declared, `None` where it is computed; and each
        // title's own parameters.
        let mut titles: Vec<Option<String>> = Vec::new();
        let mut own: Vec<(Option<String>, Node<'a>)> = Vec::new();
        match shape {
            Shape::OneSet => {
                titles = self.title_names(resources);
                if let Some(&parameters) = defaults {
                    own.extend(titles.iter().map(|title| (title.clone(), parameters)));
                }
            }
            Shape::ByTitle | Shape::Packages => {
                if let Some(pairs) = self.pairs(resources) {
                    for (key, value) in pairs {
                        let title = self.literal(key);
                        titles.push(title.clone());
                        own.push((title, value));
                    }
                } else {
                    titles = self.title_names(resources);
                }
            }
        }
        if !matches!(shape, Shape::OneSet) {
            if let Some(&defaults) = defaults {
                own.extend(titles.iter().map(|title| (title.clone(), defaults)));
            }
        }
        let is_class = type_name == "class";
        for (title, parameters) in own {
            let target = if is_class {
                match title {
                    Some(title) => names::absolute(&names::lowercase(&title)).to_string(),
                    None => continue,
                }
            } else {
                type_name.to_string()
            };
            let Some(pairs) = self.pairs(parameters) else {
                continue;
            };
            for (key, _) in pairs {
                let Some(attr) = self.literal(key) else {
                    continue;
                };
                let (line, col) = self.location(key);
                let row = FunctionAttribute {
                    type_name: self.sym(type_name),
                    target: self.sym(&target),
                    attr: self.sym(&attr),
                    file: FileId::default(),
                    line,
                    col,
                };
                self.facts.function_attribute.push(row);
            }
        }
    }

    /// The titles a title argument names (one, or an array's), `None`
    /// for each that is computed.
    fn title_names(&self, node: Node<'a>) -> Vec<Option<String>> {
        let titles = self.titles(node).into_iter();
        titles
            .map(|(title, literal, _)| literal.then_some(title))
            .collect()
    }

    /// The key and value of each pair of a literal hash; `None` for any
    /// other expression.
    pub(super) fn pairs(&self, node: Node<'a>) -> Option<Vec<(Node<'a>, Node<'a>)>> {
        if node.kind_id() != self.grammar.hash {
            return None;
        }
        let fields = &self.grammar.fields;
        let pairs = self
            .named_children(node)
            .into_iter()
            .filter(|pair| pair.kind_id() == self.grammar.pair)
            .filter_map(|pair| {
                let key = pair.child_by_field_id(fields.key.get())?;
                let value = pair.child_by_field_id(fields.value.get())?;
                Some((key, value))
            })
            .collect();
        Some(pairs)
    }
}
