/**
 * Rejects physical left/right styling in TSX/TS: Tailwind classes such as `ml-2`, `pr-4`, `left-0`,
 * `text-left`, `border-r`, `rounded-l-md`, and inline style keys such as `marginLeft`. Daftar is read in
 * right-to-left and left-to-right, so only logical equivalents (`ms-2`, `pe-4`, `start-0`, `text-start`,
 * `border-e`, `rounded-s-md`, `marginInlineStart`) keep both directions right.
 */

const physicalClass = new RegExp(
  [
    "^-?(?:m|p|scroll-m|scroll-p)[lr]-", // ml-2, pr-4, -mr-1, scroll-pl-2
    "^-?(?:left|right)-", // left-0, right-4
    "^(?:text|float|clear)-(?:left|right)$",
    "^border-[lr](?:-|$)", // border-l, border-r-2
    "^rounded-(?:[lr]|tl|tr|bl|br)(?:-|$)", // rounded-l-md, rounded-tr
    "^(?:origin|bg|object)-(?:left|right|top-left|top-right|bottom-left|bottom-right)$",
  ].join("|"),
);

const physicalStyleKeys = new Set([
  "marginLeft",
  "marginRight",
  "paddingLeft",
  "paddingRight",
  "borderLeft",
  "borderRight",
  "borderLeftWidth",
  "borderRightWidth",
  "borderLeftColor",
  "borderRightColor",
  "borderLeftStyle",
  "borderRightStyle",
  "borderTopLeftRadius",
  "borderTopRightRadius",
  "borderBottomLeftRadius",
  "borderBottomRightRadius",
  "scrollMarginLeft",
  "scrollMarginRight",
  "scrollPaddingLeft",
  "scrollPaddingRight",
]);
const physicalStyleValues = new Set(["left", "right"]);

/** The class without its variants (`md:`, `hover:`, `rtl:`) or important marker. */
function baseClass(token) {
  const parts = token.split(":");
  return parts[parts.length - 1].replace(/^!/, "").replace(/!$/, "");
}

function findPhysicalClass(text) {
  for (const token of text.split(/\s+/)) {
    if (token && physicalClass.test(baseClass(token))) return token;
  }
  return undefined;
}

function keyName(property) {
  if (property.type !== "Property") return undefined;
  if (property.key.type === "Identifier") return property.key.name;
  if (property.key.type === "Literal") return String(property.key.value);
  return undefined;
}

function isInlineStyleObject(node) {
  const attribute = node.parent?.parent;
  return (
    node.parent?.type === "JSXExpressionContainer" &&
    attribute?.type === "JSXAttribute" &&
    attribute.name.name === "style"
  );
}

export default {
  meta: {
    type: "problem",
    docs: { description: "Use logical (start/end) styling instead of physical left/right" },
    messages: {
      physicalClass:
        "'{{token}}' is a physical left/right class: use the logical one (ms-/me-, ps-/pe-, start-/end-, text-start/text-end, border-s/border-e, rounded-s/rounded-e).",
      physicalStyle:
        "'{{key}}' is a physical left/right style: use the logical property (e.g. marginInlineStart, insetInlineEnd).",
    },
    schema: [],
  },
  create(context) {
    const checkText = (node, text) => {
      const token = findPhysicalClass(text);
      if (token) context.report({ node, messageId: "physicalClass", data: { token } });
    };
    return {
      Literal(node) {
        if (typeof node.value === "string") checkText(node, node.value);
      },
      TemplateElement(node) {
        checkText(node, node.value.cooked ?? node.value.raw);
      },
      ObjectExpression(node) {
        const inlineStyle = isInlineStyleObject(node);
        for (const property of node.properties) {
          const key = keyName(property);
          if (!key) continue;
          if (physicalStyleKeys.has(key)) {
            context.report({ node: property, messageId: "physicalStyle", data: { key } });
          } else if (inlineStyle && (key === "left" || key === "right")) {
            context.report({ node: property, messageId: "physicalStyle", data: { key } });
          } else if (
            inlineStyle &&
            (key === "textAlign" || key === "float" || key === "clear") &&
            property.value.type === "Literal" &&
            physicalStyleValues.has(property.value.value)
          ) {
            context.report({
              node: property,
              messageId: "physicalStyle",
              data: { key: `${key}: ${property.value.value}` },
            });
          }
        }
      },
    };
  },
};
