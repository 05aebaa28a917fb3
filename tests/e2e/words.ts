/** The account form's labels (register, the installer's admin step, the profile dialogs) in both languages. */
export const accountFields = {
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    about: 'About',
    userName: 'User name',
    password: 'Password',
    confirm: 'Confirm Password',
  },
  fa: {
    firstName: 'نام',
    lastName: 'نام خانوادگی',
    about: 'درباره',
    userName: 'نام کاربری',
    password: 'گذرواژه',
    confirm: 'تکرار گذرواژه',
  },
} as const;
