// Doc comments the contract writes in its source, on fields (`/** Default today. */ invoiceDate: ...`)
// and on the constants an enum is made of: read with the TypeScript parser, since zod never sees them.
import ts from 'typescript';

/** Where a field is, for its doc: the variable holding the schema, and the field's path in it (`account.name`). */
export interface DocPlace {
  owner: string;
  path: string;
}

export class SourceDocs {
  /** owner -> field path -> doc */
  readonly #fields = new Map<string, Map<string, string>>();
  /** owner -> the variables whose fields it takes at its root (`...invoiceFields`, `z.object(fields)`, `Base.extend()`) */
  readonly #bases = new Map<string, string[]>();
  /** Top-level variable -> its doc comment. */
  readonly #tops = new Map<string, string>();
  /** owner -> the constant of `z.enum(CONSTANT)`. */
  readonly #enumOf = new Map<string, string>();

  read(file: ts.SourceFile): void {
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        const owner = declaration.name.text;
        const doc = docOf(statement);
        if (doc) this.#tops.set(owner, doc);
        this.#readInitializer(owner, declaration.initializer);
      }
    }
  }

  /** The doc of a field: written on it, else on the same path of a variable it takes its fields from. */
  field(place: DocPlace, seen = new Set<string>()): string | undefined {
    if (seen.has(place.owner)) return undefined;
    seen.add(place.owner);
    const own = this.#fields.get(place.owner)?.get(place.path);
    if (own) return own;
    for (const base of this.#bases.get(place.owner) ?? []) {
      const inherited = this.field({ owner: base, path: place.path }, seen);
      if (inherited) return inherited;
    }
    return undefined;
  }

  /** The doc of a schema without one: `z.enum(INVOICE_STATUSES)` takes the doc of `INVOICE_STATUSES`. */
  top(owner: string): string | undefined {
    const constant = this.#enumOf.get(owner);
    return this.#tops.get(owner) ?? (constant ? this.#tops.get(constant) : undefined);
  }

  #readInitializer(owner: string, initializer: ts.Expression): void {
    const fields = new Map<string, string>();
    const bases: string[] = [];
    const visit = (node: ts.Node, path: string, root: boolean): void => {
      if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
        const name = propertyName(node.name);
        if (name === undefined) return;
        const at = path ? `${path}.${name}` : name;
        const doc = docOf(node);
        if (doc) fields.set(at, doc);
        if (ts.isPropertyAssignment(node)) visit(node.initializer, at, false);
        return;
      }
      if (ts.isSpreadAssignment(node) && root && ts.isIdentifier(node.expression)) bases.push(node.expression.text);
      if (ts.isCallExpression(node) && root) {
        // `z.object(fields)`, `typedAs(Base, ...)`, `z.enum(CONSTANT)`: a bare identifier argument.
        for (const argument of node.arguments) if (ts.isIdentifier(argument)) bases.push(argument.text);
        if (isEnumCall(node) && node.arguments[0] && ts.isIdentifier(node.arguments[0])) this.#enumOf.set(owner, node.arguments[0].text);
        // `Base.extend({...})`, `Base.omit(...)`: the receiver of a method chain.
        let callee: ts.Expression = node.expression;
        while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee))
          callee = ts.isCallExpression(callee) ? callee.expression : callee.expression;
        if (ts.isIdentifier(callee) && callee.text !== 'z') bases.push(callee.text);
      }
      ts.forEachChild(node, (child) => visit(child, path, root && !ts.isArrowFunction(child)));
    };
    visit(initializer, '', true);
    if (fields.size) this.#fields.set(owner, fields);
    if (bases.length)
      this.#bases.set(
        owner,
        bases.filter((base) => base !== owner),
      );
  }
}

/** The last doc comment of a node, as text. */
export function docOf(node: ts.Node): string | undefined {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc;
  const last = docs?.[docs.length - 1];
  if (!last) return undefined;
  const text = typeof last.comment === 'string' ? last.comment : ts.getTextOfJSDocComment(last.comment);
  return text?.trim() || undefined;
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

function isEnumCall(node: ts.CallExpression): boolean {
  return ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'enum';
}
