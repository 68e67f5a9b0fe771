import {
  type ClientRecord,
  CustomerTypeId,
  MAX_DOCUMENT_BYTES,
  MIN_DATE,
  maxDocumentExpiry,
  type PassengerPayload,
  type PassengerRegistryItem,
  passengerBirthDateBounds,
  passengerPayloadFor,
} from '@cusco/shared';
import {
  Alert,
  Button,
  Center,
  Fieldset,
  FileInput,
  Group,
  Image,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconFileUpload, IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { ApiError, download, errorMessage } from '../../../lib/api-client.ts';
import { useCountries } from '../../../lib/countries.ts';
import { useCalendarLabels } from '../../../lib/dates.ts';
import { showAlert, showErrorModal } from '../../../lib/error-modal.tsx';
import { schemaResolver, useErrorText, useInputProps } from '../../../lib/forms.ts';
import { useJobs, useOptionList } from '../api/options.ts';
import { useClientRecord, useSavePassenger, useUploadDocument } from '../api/passengers.ts';

type FormValues = { [K in keyof PassengerPayload]-?: string };

/** YYYY-MM-DD as the date fields show it, DD/MM/YYYY. */
const dayMonthYear = (iso: string) => iso.split('-').reverse().join('/');

const emptyValues = (bookingcode: string): FormValues => ({
  firstName: '',
  lastName: '',
  eMail: '',
  birthDate: '',
  expirationDate: '',
  sexId: '',
  documentTypeId: '',
  documentNumber: '',
  maritalStatusId: '',
  jobId: '',
  countryId: '',
  mobileNumber: '',
  foodPreferencesId: '',
  foodObservation: '',
  allergyObservation: '',
  medicalRequirement: '',
  travelPurposeId: '',
  travelPurposeObservation: '',
  trekkingExperienceId: '',
  trekkingExperienceObservation: '',
  dateExpirationCard: '',
  bookingcode,
});

function fromRecord(record: ClientRecord, bookingcode: string): FormValues {
  return {
    firstName: record.firstname,
    lastName: record.lastname,
    eMail: record.email ?? '',
    birthDate: record.birthdateStr ?? '',
    expirationDate: record.expirationDate ?? '',
    sexId: record.sexid ?? '',
    documentTypeId: record.documenttypeid ?? '',
    documentNumber: record.documentnumber ?? '',
    maritalStatusId: record.maritalstatusid ?? '',
    jobId: record.jobid ?? '',
    countryId: record.countryid ?? '',
    mobileNumber: record.mobilenumber ?? '',
    foodPreferencesId: record.foodpreferencesid ?? '',
    foodObservation: record.foodobservation ?? '',
    allergyObservation: record.allergyobservation ?? '',
    medicalRequirement: record.medicalrequirement ?? '',
    travelPurposeId: record.travelpurposeid ?? '',
    travelPurposeObservation: record.travelpurposeobservation ?? '',
    trekkingExperienceId: record.trekkingexperienceid ?? '',
    trekkingExperienceObservation: record.trekkingexperienceobservation ?? '',
    dateExpirationCard: record.dateExpirationCard ?? '',
    bookingcode,
  };
}

export interface PassengerModalProps {
  slot: PassengerRegistryItem | null;
  bookingCode: string;
  /** The booking's travel date: passengers' ages are counted on it. */
  travelDate: string;
  onClose(): void;
  onSaved(): void;
}

/**
 * Spec §2/§4/§5 passenger edit: every field of the passenger form, the rules of its customer type,
 * and the optional passport scan. A registered passenger is loaded first (with a loader, no fixed wait).
 */
export function PassengerModal({
  slot,
  bookingCode,
  travelDate,
  onClose,
  onSaved,
}: PassengerModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const record = useClientRecord(slot?.clientId ?? null);
  const title = slot ? t('passenger.titleEdit', { number: slot.number, type: slot.type }) : '';

  return (
    <Modal
      opened={slot !== null}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {slot?.clientId && record.isPending && (
        <Center py="xl" role="status" aria-label={t('passenger.loading')}>
          <Loader />
        </Center>
      )}
      {slot?.clientId && record.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(record.error)}
        </Alert>
      )}
      {slot && (!slot.clientId || record.data) && (
        <PassengerForm
          key={`${slot.id}:${record.dataUpdatedAt}`}
          slot={slot}
          bookingCode={bookingCode}
          travelDate={travelDate}
          record={record.data ?? null}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function PassengerForm({
  slot,
  bookingCode,
  travelDate,
  record,
  onCancel,
  onSaved,
}: {
  slot: PassengerRegistryItem;
  bookingCode: string;
  travelDate: string;
  record: ClientRecord | null;
  onCancel(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const isStudent = slot.typeId === CustomerTypeId.student;
  // Spec §9's ages of the slot's type, counted on the travel date, as the API checks them.
  const schema = useMemo(
    () => passengerPayloadFor(slot.typeId, travelDate),
    [slot.typeId, travelDate],
  );
  const birthDates = passengerBirthDateBounds(slot.typeId, travelDate);
  // The schema holds every rule of the slot on its own field, the birth date's age included.
  const validate = useMemo(() => schemaResolver(schema), [schema]);
  const form = useForm<FormValues>({
    initialValues: record ? fromRecord(record, bookingCode) : emptyValues(bookingCode),
    validate,
  });
  const inputProps = useInputProps(form);
  const errorText = useErrorText();
  const calendarLabels = useCalendarLabels();
  const countries = useCountries();
  const documentTypes = useOptionList('DocumentType');
  const sexes = useOptionList('sex');
  const maritalStatuses = useOptionList('MaritalStatus');
  const foodPreferences = useOptionList('FoodPreference');
  const trekking = useOptionList('TrekkingExperience');
  const purposes = useOptionList('TravelPurpose');
  const jobs = useJobs();
  const save = useSavePassenger();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  /**
   * The passenger once saved here: when the scan's upload then fails (too large, too many
   * uploads: 429), Save again updates this passenger and retries the upload, instead of
   * creating the passenger a second time.
   */
  const [savedClientId, setSavedClientId] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) top.current?.scrollIntoView({ block: 'start' });
  }, [problem]);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return setFileError(null);
    if (chosen.size > MAX_DOCUMENT_BYTES) return setFileError(t('msg:fileTooLarge'));
    if (!['image/jpeg', 'image/png'].includes(chosen.type)) return setFileError(t('msg:fileType'));
    setFileError(null);
  };

  const submit = form.onSubmit(
    (values) => {
      if (fileError) return;
      setProblem(null);
      const payload: PassengerPayload = {
        ...values,
        dateExpirationCard: isStudent ? values.dateExpirationCard : null,
      };
      save.mutate(
        { slotId: slot.id, clientId: savedClientId ?? slot.clientId, payload },
        {
          onSuccess: (clientId) => {
            setSavedClientId(clientId);
            const finish = () => {
              onSaved();
              showAlert(t('passenger.savedTitle'), t('passenger.savedText'));
            };
            if (!file) return finish();
            upload.mutate(
              { clientId, file },
              {
                onSuccess: finish,
                onError: (error) =>
                  setProblem(t('passenger.uploadFailed', { message: errorMessage(error) })),
              },
            );
          },
          onError: (error) => {
            setProblem(errorMessage(error));
            if (error instanceof ApiError && error.field && error.field in values) {
              form.setFieldError(error.field, error.message);
            }
          },
        },
      );
    },
    (errors) => {
      // Spec §5: any required field missing → 'Please Complete All Fields'; a student's card
      // expiry missing → 'Please Confirm All Fields'.
      const messages = Object.values(errors);
      if (messages.includes('completeAllFields')) setProblem(t('msg:completeAllFields'));
      else if (messages.includes('confirmAllFields')) setProblem(t('msg:confirmAllFields'));
      else setProblem(t('msg:checkFields'));
    },
  );

  const select = (
    name: keyof FormValues,
    label: string,
    data: { value: string; label: string }[] | undefined,
    required = true,
  ) => (
    <Select
      label={label}
      data={data ?? []}
      searchable={(data?.length ?? 0) > 10}
      required={required}
      allowDeselect={!required}
      placeholder={t('passenger.choose')}
      {...inputProps(name)}
    />
  );
  const date = (
    name: 'birthDate' | 'expirationDate' | 'dateExpirationCard',
    label: string,
    maxDate: string,
    required: boolean,
    minDate: string = MIN_DATE,
    extra: { description?: string } = {},
  ) => (
    <DateField
      {...extra}
      label={label}
      placeholder={t('common.datePlaceholder')}
      minDate={minDate}
      maxDate={maxDate}
      defaultLevel={name === 'birthDate' ? 'decade' : 'month'}
      defaultDate={name === 'birthDate' ? maxDate : undefined}
      clearable={!required}
      clearButtonProps={{ 'aria-label': t('common.clear') }}
      required={required}
      {...calendarLabels}
      {...inputProps(name)}
      value={form.values[name] || null}
      onChange={(value) => form.setFieldValue(name, value ?? '')}
      // A date is checked as soon as the field is left (an empty one waits for Save).
      onBlur={() => {
        if (form.getValues()[name]) form.validateField(name);
      }}
    />
  );
  const text = (name: keyof FormValues, label: string, required = true, type = 'text') => (
    <TextInput label={label} maxLength={50} required={required} type={type} {...inputProps(name)} />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('passenger.titleEdit', { number: slot.number, type: slot.type })}
    >
      <Stack gap="md" ref={top}>
        {problem && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title={t('common.error')}
          >
            {problem}
          </Alert>
        )}
        <Fieldset legend={t('passenger.sections.identity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('firstName', t('passenger.firstName'))}
            {text('lastName', t('passenger.lastName'))}
            {select('countryId', t('passenger.country'), countries.data)}
            {date('birthDate', t('passenger.birthDate'), birthDates.max, true, birthDates.min, {
              description: t('passenger.birthDateRange', {
                type: slot.type,
                from: dayMonthYear(birthDates.min),
                to: dayMonthYear(birthDates.max),
              }),
            })}
            {select('sexId', t('passenger.sex'), sexes.data)}
            {select('maritalStatusId', t('passenger.maritalStatus'), maritalStatuses.data)}
            <Select
              label={t('passenger.documentType')}
              data={documentTypes.data ?? []}
              required
              allowDeselect={false}
              placeholder={t('passenger.choose')}
              {...inputProps('documentTypeId')}
              onChange={(value) => {
                // Spec §5: changing the document type clears the document's expiry date.
                form.setFieldValue('documentTypeId', value ?? '');
                form.setFieldValue('expirationDate', '');
              }}
            />
            {text('documentNumber', t('passenger.documentNumber'))}
            {date('expirationDate', t('passenger.documentExpiry'), maxDocumentExpiry(), false)}
            {isStudent &&
              date('dateExpirationCard', t('passenger.cardExpiry'), maxDocumentExpiry(), true)}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('passenger.sections.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('eMail', t('passenger.email'), true, 'email')}
            {text('mobileNumber', t('passenger.phone'), true, 'tel')}
            {select('jobId', t('passenger.occupation'), jobs.data)}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('passenger.sections.travel')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {select('foodPreferencesId', t('passenger.foodPreference'), foodPreferences.data)}
            {text('foodObservation', t('passenger.foodRemarks'), false)}
            {text('allergyObservation', t('passenger.allergies'), false)}
            {text('medicalRequirement', t('passenger.medical'), false)}
            {select('trekkingExperienceId', t('passenger.trekkingExperience'), trekking.data)}
            {text('trekkingExperienceObservation', t('passenger.trekkingRemarks'), false)}
            {select('travelPurposeId', t('passenger.travelPurpose'), purposes.data)}
            {text('travelPurposeObservation', t('passenger.travelPurposeRemarks'), false)}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('passenger.document')}>
          <Stack gap="xs">
            <FileInput
              label={t('passenger.document')}
              description={t('passenger.documentHint')}
              accept="image/jpeg,image/png"
              clearable
              clearButtonProps={{ 'aria-label': t('common.clear') }}
              leftSection={<IconFileUpload size={18} aria-hidden />}
              placeholder={t('passenger.choose')}
              value={file}
              onChange={chooseFile}
              error={fileError ? errorText(fileError) : undefined}
            />
            {record?.urlFile && <DocumentLink url={record.urlFile} />}
          </Stack>
        </Fieldset>

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending || upload.isPending}>
            {t('passenger.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Shows the stored scan in place: it is fetched with the session's token, never exposed publicly. */
function DocumentLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  const show = async () => {
    setLoading(true);
    try {
      setObjectUrl(URL.createObjectURL(await download(url)));
    } catch (error) {
      showErrorModal(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        leftSection={<IconPhoto size={18} aria-hidden />}
        onClick={show}
        loading={loading}
        disabled={objectUrl !== null}
        w="fit-content"
      >
        {t('passenger.viewDocument')}
      </Button>
      {objectUrl && (
        <Image src={objectUrl} alt={t('passenger.currentDocument')} radius="sm" maw={360} />
      )}
    </Stack>
  );
}
