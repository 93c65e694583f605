import { ko, type AttributeDefDto } from '@otboo/contract';
import { AdminTable } from '@/components/ui/admin-table';
import { SortableHeader } from '@/components/ui/sortable-header';
import { formatDate } from '@/utils/format-date';

type SortColumn = 'name' | 'createdAt';

interface AttributesTableProps {
  definitions: AttributeDefDto[];
  /** No answer yet: a spinner instead of the empty text. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
  sortBy: SortColumn;
  sortDirection: string;
  onSort(column: SortColumn): void;
  onOpen(definition: AttributeDefDto): void;
}

/** The attribute table: 속성명 and 생성일 sort, 선택 가능 값 as chips; a row opens its edit dialog. */
export function AttributesTable(props: AttributesTableProps) {
  const { definitions, loaded, loading, error, onOpen } = props;
  return (
    <AdminTable
      busy={loading}
      emptyText={loaded && !loading && !error && definitions.length === 0 ? ko.attributes.empty : null}
      error={error}
      spinnerLabel={loading && definitions.length === 0 ? ko.common.loading : null}
      head={
        <>
          <SortableHeader column="name" label={ko.attributes.columnName} className="w-[24%]" {...props} />
          <SortableHeader
            column="createdAt"
            label={ko.attributes.columnCreatedAt}
            className="w-[18%]"
            {...props}
          />
          <th scope="col" className="px-6 py-3.5 font-bold">
            {ko.attributes.columnValues}
          </th>
        </>
      }
    >
      {definitions.map((definition) => (
        <tr
          key={definition.id}
          onClick={() => onOpen(definition)}
          className="cursor-pointer border-b border-line align-top last:border-b-0 hover:bg-surface-soft/80"
        >
          <td className="px-6 py-4">
            {/* The row is clickable; this button is its keyboard and screen-reader entry. */}
            <button
              type="button"
              aria-label={ko.attributes.editRow(definition.name)}
              onClick={(event) => {
                event.stopPropagation();
                onOpen(definition);
              }}
              className="max-w-full truncate rounded-md text-left font-bold text-ink hover:text-brand-600"
              title={definition.name}
            >
              {definition.name}
            </button>
          </td>
          <td className="px-6 py-4 whitespace-nowrap text-ink-soft tabular-nums">
            {formatDate(definition.createdAt)}
          </td>
          <td className="px-6 py-3.5">
            <ul className="flex flex-wrap gap-1.5" aria-label={ko.attributes.columnValues}>
              {definition.selectableValues.map((value) => (
                <li key={value} className="rounded-full bg-brand-50 px-2.5 py-1 text-[13px] text-brand-700">
                  {value}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
