import { useState } from 'react';
import { mayRead, mayWrite } from '@spesa/shared/contracts/admin';
import { Admin, Resource } from 'react-admin';
import { ArrivalList } from './arrivals';
import { CatalogueImportPage, CategoryCreate, ProductCreate } from './assortment';
import { AuditList } from './audit';
import { LeafletPage } from './leaflets';
import { OperatorActionList } from './operator-actions';
import { CategoryEdit, CategoryList, CategoryShow } from './categories';
import { CustomerList, CustomerShow } from './customers';
import { Dashboard } from './dashboard';
import { GiftCardOrderList, GiftCardOrderShow } from './gift-card-orders';
import { authProvider } from './auth-provider';
import { dataProvider } from './data-provider';
import { useItalianI18nProvider } from './i18n';
import { StaffLayout, theme } from './layout';
import { LoginPage } from './login-page';
import { createAdminQueryClient } from './query-client';
import { SubmissionList, SubmissionShow } from './form-submissions';
import { OrderList, OrderShow } from './orders';
import { InvoiceList } from './invoices';
import { MailList } from './mails';
import { IntegrationsPage } from './integrations';
import { PriceListPage } from './price-lists';
import { PRICE_LIST_GRANTS } from '@spesa/shared/contracts/admin-price-lists';
import { INTEGRATION_GRANTS } from '@spesa/shared/contracts/admin-integration';
import { PaymentReportList, StuckPaymentList } from './payments';
import { PageCreate, PageEdit, PageList } from './pages';
import { SlideCreate, SlideEdit, SlideList } from './slides';
import { UxBlockCreate, UxBlockEdit, UxBlockList } from './ux-blocks';
import { RecipeCreate, RecipeEdit, RecipeList } from './recipes';
import { PromotionCreate, PromotionList, PromotionShow } from './promotions';
import { ProductEdit, ProductList, ProductShow } from './products';
import { SlotTemplateEdit, SlotTemplateList } from './slot-templates';
import { StaffCreate, StaffEdit, StaffList } from './staff';
import { SelfScanningEdit, SelfScanningList, SelfScanningShow } from './self-scanning';
import { StoreEdit, StoreList, StoreShow } from './stores';
import { VoteList } from './votes';
import { ReceiptList, ReceiptShow } from './receipts';

/**
 * The back office (decision 030). Each resource is registered here, once: its screens (list, show, edit)
 * and its cases in data-provider.ts; the API checks every call's role, the screens only follow it.
 */
export function AdminApp() {
  const i18nProvider = useItalianI18nProvider();
  const [queryClient] = useState(createAdminQueryClient);
  if (!i18nProvider) return null;
  return (
    <Admin
      basename="/admin"
      queryClient={queryClient}
      title="Spesa · Back office"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={StaffLayout}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      {(role: string) => [
        mayRead(role, 'orders') ? (
          <Resource key="orders" name="orders" list={OrderList} show={OrderShow} />
        ) : null,
        mayRead(role, 'arrivals') ? <Resource key="arrivals" name="arrivals" list={ArrivalList} /> : null,
        mayRead(role, 'payments') ? (
          <Resource key="payments-stuck" name="payments-stuck" list={StuckPaymentList} />
        ) : null,
        mayRead(role, 'payments') ? (
          <Resource key="payments-report" name="payments-report" list={PaymentReportList} />
        ) : null,
        mayRead(role, 'payments') ? <Resource key="invoices" name="invoices" list={InvoiceList} /> : null,
        mayRead(role, 'mails') ? <Resource key="mails" name="mails" list={MailList} /> : null,
        mayRead(role, 'products') ? (
          <Resource
            key="products"
            name="products"
            list={ProductList}
            show={ProductShow}
            edit={mayWrite(role, 'products') ? ProductEdit : undefined}
            create={mayWrite(role, 'products') ? ProductCreate : undefined}
          />
        ) : null,
        mayWrite(role, 'products') ? (
          <Resource key="catalogue-imports" name="catalogue-imports" list={CatalogueImportPage} />
        ) : null,
        PRICE_LIST_GRANTS.read.some((r) => r === role) ? (
          <Resource key="price-lists" name="price-lists" list={PriceListPage} />
        ) : null,
        mayRead(role, 'leaflets') ? <Resource key="leaflets" name="leaflets" list={LeafletPage} /> : null,
        INTEGRATION_GRANTS.read.some((r) => r === role) ? (
          <Resource key="integrations" name="integrations" list={IntegrationsPage} />
        ) : null,
        mayRead(role, 'categories') ? (
          <Resource
            key="categories"
            name="categories"
            list={CategoryList}
            show={CategoryShow}
            edit={mayWrite(role, 'categories') ? CategoryEdit : undefined}
            create={mayWrite(role, 'categories') ? CategoryCreate : undefined}
          />
        ) : null,
        mayRead(role, 'promotions') ? (
          <Resource
            key="promotions"
            name="promotions"
            list={PromotionList}
            show={PromotionShow}
            create={mayWrite(role, 'promotions') ? PromotionCreate : undefined}
          />
        ) : null,
        mayRead(role, 'customers') ? (
          <Resource key="customers" name="customers" list={CustomerList} show={CustomerShow} />
        ) : null,
        mayRead(role, 'votes') ? <Resource key="votes" name="votes" list={VoteList} /> : null,
        mayRead(role, 'receipts') ? (
          <Resource key="receipts" name="receipts" list={ReceiptList} show={ReceiptShow} />
        ) : null,
        mayRead(role, 'giftCardOrders') ? (
          <Resource
            key="gift-card-orders"
            name="gift-card-orders"
            list={GiftCardOrderList}
            show={GiftCardOrderShow}
          />
        ) : null,
        mayRead(role, 'stores') ? (
          <Resource
            key="stores"
            name="stores"
            list={StoreList}
            show={StoreShow}
            edit={mayWrite(role, 'stores') ? StoreEdit : undefined}
          />
        ) : null,
        mayRead(role, 'selfScanning') ? (
          <Resource
            key="self-scanning"
            name="self-scanning"
            list={SelfScanningList}
            show={SelfScanningShow}
            edit={mayWrite(role, 'selfScanning') ? SelfScanningEdit : undefined}
          />
        ) : null,
        mayRead(role, 'slotTemplates') ? (
          <Resource
            key="slot-templates"
            name="slot-templates"
            list={SlotTemplateList}
            edit={mayWrite(role, 'slotTemplates') ? SlotTemplateEdit : undefined}
          />
        ) : null,
        mayRead(role, 'staff') ? (
          <Resource
            key="staff"
            name="staff"
            list={StaffList}
            edit={mayWrite(role, 'staff') ? StaffEdit : undefined}
            create={mayWrite(role, 'staff') ? StaffCreate : undefined}
          />
        ) : null,
        mayRead(role, 'formSubmissions') ? (
          <Resource
            key="form-submissions"
            name="form-submissions"
            list={SubmissionList}
            show={SubmissionShow}
          />
        ) : null,
        mayRead(role, 'pages') ? (
          <Resource
            key="pages"
            name="pages"
            list={PageList}
            edit={mayWrite(role, 'pages') ? PageEdit : undefined}
            create={mayWrite(role, 'pages') ? PageCreate : undefined}
          />
        ) : null,
        mayRead(role, 'pages') ? (
          <Resource
            key="slides"
            name="slides"
            list={SlideList}
            edit={mayWrite(role, 'pages') ? SlideEdit : undefined}
            create={mayWrite(role, 'pages') ? SlideCreate : undefined}
          />
        ) : null,
        mayRead(role, 'pages') ? (
          <Resource
            key="ux-blocks"
            name="ux-blocks"
            list={UxBlockList}
            edit={mayWrite(role, 'pages') ? UxBlockEdit : undefined}
            create={mayWrite(role, 'pages') ? UxBlockCreate : undefined}
          />
        ) : null,
        mayRead(role, 'pages') ? (
          <Resource
            key="recipes"
            name="recipes"
            list={RecipeList}
            edit={mayWrite(role, 'pages') ? RecipeEdit : undefined}
            create={mayWrite(role, 'pages') ? RecipeCreate : undefined}
          />
        ) : null,
        mayRead(role, 'audit') ? <Resource key="audit" name="audit" list={AuditList} /> : null,
        mayRead(role, 'operatorActions') ? (
          <Resource key="operator-actions" name="operator-actions" list={OperatorActionList} />
        ) : null,
      ]}
    </Admin>
  );
}
