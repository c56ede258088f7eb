import type { SvgIconComponent } from '@mui/icons-material';
import PeopleIcon from '@mui/icons-material/People';
import GroupsIcon from '@mui/icons-material/Groups';
import StairsIcon from '@mui/icons-material/Stairs';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import TableViewIcon from '@mui/icons-material/TableView';
import EventIcon from '@mui/icons-material/Event';
import BusinessIcon from '@mui/icons-material/Business';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HandshakeIcon from '@mui/icons-material/Handshake';
import FolderIcon from '@mui/icons-material/Folder';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import MailIcon from '@mui/icons-material/Mail';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import RuleIcon from '@mui/icons-material/Rule';
import ArticleIcon from '@mui/icons-material/Article';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import WorkIcon from '@mui/icons-material/Work';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DraftsIcon from '@mui/icons-material/Drafts';

const ICONS: Record<string, SvgIconComponent> = {
  '/users': PeopleIcon,
  '/groups': GroupsIcon,
  '/levels': StairsIcon,
  '/tags': LocalOfferIcon,
  '/admin/data-viewer': TableViewIcon,
  '/internship_periods': EventIcon,
  '/organizations': BusinessIcon,
  '/organizations/approve': FactCheckIcon,
  '/mentorships': HandshakeIcon,
  '/school_years': CalendarMonthIcon,
  '/admin/mailbox': MailIcon,
  '/compliance_documents': VerifiedUserIcon,
  '/compliance_requirements': RuleIcon,
  '/content': ArticleIcon,
  '/content/news': NewspaperIcon,
  '/content/menu-items': MenuOpenIcon,
  '/content/file-upload': UploadFileIcon,
  '/content/stock-images': PhotoLibraryIcon,
  '/admin/vacancies': WorkIcon,
  '/admin/workflows': AccountTreeIcon,
  '/notification_templates': DraftsIcon,
};

export function sectionIcon(path: string): SvgIconComponent {
  return ICONS[path] ?? FolderIcon;
}
