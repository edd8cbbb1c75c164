import { ChoiceBox, ChoiceGroup } from './ProductFields';
import type { CatalogueChoices } from './productsApi';
import { PRODUCT_LIMITS } from './productValues';

type Category = CatalogueChoices['categories'][number];

export interface CategoryBranch {
  category: Category;
  children: CategoryBranch[];
}

/**
 * The categories as a tree, in the api's order: each under its parent (named by its id or by its
 * name); one whose parent is unknown stands at the top. A category is placed once, under the first
 * parent that fits, so a loop in the data cannot loop here.
 */
export function categoryTree(categories: readonly Category[]): CategoryBranch[] {
  const known = new Set(categories.flatMap((category) => [category.id, category.name]));
  const placed = new Set<string>();
  const isChildOf = (child: Category, parent: Category) => child.parent !== null && (child.parent === parent.id || child.parent === parent.name);
  const branch = (category: Category): CategoryBranch => {
    const children = categories.filter((child) => isChildOf(child, category) && !placed.has(child.id));
    children.forEach((child) => placed.add(child.id));
    return { category, children: children.map(branch) };
  };
  const top = categories.filter((category) => category.parent === null || !known.has(category.parent));
  top.forEach((category) => placed.add(category.id));
  return top.map(branch);
}

function Branches({ branches }: { branches: readonly CategoryBranch[] }) {
  return branches.map(({ category, children }) => (
    <li key={category.id}>
      <ChoiceBox name="categories" value={category.id}>
        <span className={`op-choice__label${children.length > 0 ? ' op-choice__label--parent' : ''}`}>{category.name}</span>
      </ChoiceBox>
      {children.length > 0 && (
        <ul className="op-choices" aria-label={`In ${category.name}`}>
          <Branches branches={children} />
        </ul>
      )}
    </li>
  ));
}

/** The shop's categories to tick, each group of them under its parent. */
export function CategoryChoices({ categories }: { categories: readonly Category[] }) {
  const tree = categoryTree(categories);
  return (
    <ChoiceGroup name="categories" legend="Categories" hint={`Up to ${PRODUCT_LIMITS.categories}.`}>
      {tree.length === 0 ? (
        <p className="acc-muted">The shop has no categories yet.</p>
      ) : (
        <ul className="op-choices op-choices--tree">
          <Branches branches={tree} />
        </ul>
      )}
    </ChoiceGroup>
  );
}
